/**
 * 'Sign in again': the server refused the device token (401), or it is kept in memory only and the app
 * restarted. The password is asked, and for an account with a second factor then the code (authenticator or
 * recovery code; passkeys cannot answer here); the changes waiting here are kept either way. 'Not now' keeps
 * working offline until the next launch.
 */
import { Alert, Button, errorMessage, PasswordField } from "@portfolio/ui";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { asksForCode, type DesktopState } from "../shared/desktop-operations.ts";
import { checkConnect, placeError } from "./connect-form.ts";
import type { DesktopClient } from "./desktop-client.ts";
import { FieldError, invalidProps } from "./FieldError.tsx";
import { SecondFactorField } from "./SecondFactorField.tsx";
import { pendingText } from "./status-text.ts";

export function SignInAgainScreen({
  client,
  state,
  onDone,
  onLater,
}: {
  client: DesktopClient;
  state: DesktopState;
  onDone: (state: DesktopState) => void;
  onLater: () => void;
}) {
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  // Shown once main says the account has a second factor (docs/security.md, promise 30), as on the connect screen.
  const [needsCode, setNeedsCode] = useState(false);
  // Main's request for the code is a step, not a failure: said politely, until an error takes its place.
  const [notice, setNotice] = useState<string | null>(null);
  // Each request for the code moves focus to its field once the field is in the page (after React's commit,
  // which on a busy machine comes later than the next frame).
  const [codeAsked, setCodeAsked] = useState(0);
  const [code, setCode] = useState("");
  const codeId = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (codeAsked > 0) codeRef.current?.focus();
  }, [codeAsked]);

  useEffect(() => input.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const missing = checkConnect({ serverUrl: "", username: "", password }, ["password"]).password;
    setFieldError(missing);
    if (missing) return input.current?.focus();
    setBusy(true);
    try {
      const second = needsCode && code.trim() ? { code: code.trim() } : {};
      onDone(await client.call("desktop.signInAgain", { password, ...second }));
    } catch (failure) {
      const placed = placeError(errorMessage(failure, "Could not sign in.", "The server could not be reached."));
      if (asksForCode(placed.text)) {
        setNeedsCode(true);
        setNotice(placed.text);
        setBusy(false);
        setCodeAsked((n) => n + 1);
        return;
      }
      if (placed.field === "password") setFieldError(placed.text);
      else setError(placed.text);
      setBusy(false);
      // Once the code is asked, a refusal is most often the code's: its field takes the focus back.
      (needsCode ? codeRef : input).current?.focus();
    }
  };

  return (
    <main className="flex min-h-dvh items-center justify-center p-6" data-testid="sign-in-again">
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby="sign-in-heading"
        className="w-full max-w-md space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <div>
          <h1 id="sign-in-heading" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
            Sign in again
          </h1>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Enter the password of <strong>{state.username ?? "your account"}</strong> on{" "}
            <strong className="break-all">{state.serverUrl ?? "your server"}</strong> to keep syncing. Your{" "}
            {pendingText(state.pending)} stay on this computer either way.
          </p>
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {notice && !error ? <Alert tone="info">{notice}</Alert> : null}
        <div>
          <PasswordField
            ref={input}
            id={inputId}
            label="Password"
            autoComplete="current-password"
            value={password}
            onValueChange={(value) => {
              setPassword(value);
              setFieldError(undefined);
            }}
            {...invalidProps(inputId, fieldError)}
          />
          <FieldError inputId={inputId} message={fieldError} />
        </div>
        {needsCode ? <SecondFactorField id={codeId} inputRef={codeRef} value={code} onValueChange={setCode} /> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={busy}>
            Sign in
          </Button>
          <Button variant="secondary" onClick={onLater} disabled={busy}>
            Not now
          </Button>
        </div>
      </form>
    </main>
  );
}
