/**
 * First run: connect to the server (URL, username, password → `desktop.connect`: a device token is
 * created and a full snapshot downloaded) or 'Work locally' (a local-only owner; connect later).
 * Also shown from local mode to connect later, with Cancel instead of 'Work locally'.
 */
import { Alert, Button, errorMessage, PasswordField, TextField } from "@portfolio/ui";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { asksForCode, type DesktopState } from "../shared/desktop-operations.ts";
import { type ConnectValues, checkConnect, type FieldErrors, placeError } from "./connect-form.ts";
import { DownloadProgress } from "./DownloadProgress.tsx";
import type { DesktopClient } from "./desktop-client.ts";
import { FieldError, invalidProps } from "./FieldError.tsx";
import { SecondFactorField } from "./SecondFactorField.tsx";

const FAILED = "Could not connect.";
const UNREACHABLE = "The server could not be reached.";

export function FirstRunScreen({
  client,
  onDone,
  initial,
  onCancel,
  download = null,
  onConnecting,
}: {
  client: DesktopClient;
  onDone: (state: DesktopState) => void;
  initial?: { serverUrl: string | null; username: string | null };
  /** Set when connecting later from local mode: Cancel goes back, and 'Work locally' is not offered. */
  onCancel?: () => void;
  /** The download of the server's projects while connecting (from the polled state). */
  download?: DesktopState["download"];
  /** Told when a connect starts and ends, so the screen stays up for the whole download. */
  onConnecting?: (connecting: boolean) => void;
}) {
  const [values, setValues] = useState<ConnectValues>({
    serverUrl: initial?.serverUrl ?? "",
    username: initial?.username ?? "",
    password: "",
  });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"connect" | "local" | null>(null);
  // Shown once the server says the account has a second factor (docs/security.md, promise 30).
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
  const ids = { serverUrl: useId(), username: useId(), password: useId() };
  const first = useRef<HTMLInputElement>(null);
  const fieldRefs = {
    serverUrl: first,
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  useEffect(() => first.current?.focus(), []);

  const set = (field: keyof ConnectValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setFieldErrors((e) => ({ ...e, [field]: undefined }));
  };

  const connect = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const missing = checkConnect(values, ["serverUrl", "username", "password"]);
    setFieldErrors(missing);
    setError(null);
    const firstMissing = (["serverUrl", "username", "password"] as const).find((field) => missing[field]);
    if (firstMissing) return fieldRefs[firstMissing].current?.focus();
    setBusy("connect");
    onConnecting?.(true);
    try {
      const second = needsCode && code.trim() ? { code: code.trim() } : {};
      onDone(await client.call("desktop.connect", { ...values, serverUrl: values.serverUrl.trim(), ...second }));
      onConnecting?.(false);
    } catch (failure) {
      onConnecting?.(false);
      const placed = placeError(errorMessage(failure, FAILED, UNREACHABLE));
      if (asksForCode(placed.text)) {
        setNeedsCode(true);
        setNotice(placed.text);
        setBusy(null);
        setCodeAsked((n) => n + 1);
        return;
      }
      if (placed.field) {
        setFieldErrors({ [placed.field]: placed.text });
        fieldRefs[placed.field].current?.focus();
      } else setError(placed.text);
      setBusy(null);
    }
  };

  const workLocally = async () => {
    if (busy) return;
    setBusy("local");
    setError(null);
    try {
      onDone(await client.call("desktop.workLocally", {}));
    } catch (failure) {
      setError(errorMessage(failure, "Could not start working locally."));
      setBusy(null);
    }
  };

  return (
    <main className="flex min-h-dvh items-center justify-center p-6" data-testid="first-run">
      <div className="w-full max-w-md">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {onCancel ? "Connect to your server" : "Welcome to the Portfolio editor"}
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          Connect to your site's server to sync your changes, or work on this computer only.
        </p>
        <form
          onSubmit={connect}
          noValidate
          aria-labelledby="connect-heading"
          className="mt-6 space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="connect-heading" className="text-base font-semibold text-slate-900 dark:text-white">
            Connect to a server
          </h2>
          {error ? <Alert tone="error">{error}</Alert> : null}
          {notice && !error ? <Alert tone="info">{notice}</Alert> : null}
          <div>
            <TextField
              ref={first}
              id={ids.serverUrl}
              label="Server address"
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://example.com"
              value={values.serverUrl}
              onValueChange={set("serverUrl")}
              {...invalidProps(ids.serverUrl, fieldErrors.serverUrl)}
            />
            <FieldError inputId={ids.serverUrl} message={fieldErrors.serverUrl} />
          </div>
          <div>
            <TextField
              ref={fieldRefs.username}
              id={ids.username}
              label="Username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={values.username}
              onValueChange={set("username")}
              {...invalidProps(ids.username, fieldErrors.username)}
            />
            <FieldError inputId={ids.username} message={fieldErrors.username} />
          </div>
          <div>
            <PasswordField
              ref={fieldRefs.password}
              id={ids.password}
              label="Password"
              autoComplete="current-password"
              value={values.password}
              onValueChange={set("password")}
              {...invalidProps(ids.password, fieldErrors.password)}
            />
            <FieldError inputId={ids.password} message={fieldErrors.password} />
          </div>
          {needsCode ? <SecondFactorField id={codeId} inputRef={codeRef} value={code} onValueChange={setCode} /> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={busy === "connect"} disabled={busy !== null}>
              {busy === "connect" ? "Connecting…" : "Connect"}
            </Button>
            {onCancel ? (
              <Button variant="secondary" onClick={onCancel} disabled={busy !== null}>
                Cancel
              </Button>
            ) : null}
          </div>
          {busy === "connect" && download ? (
            // Cancel stops after the page on its way; the panel then opens with what came, and the
            // download goes on from there with 'Resume download' or at the next launch.
            <DownloadProgress download={download} onCancel={() => void client.call("desktop.cancelDownload", {})} />
          ) : busy === "connect" ? (
            <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
              Signing in and downloading your site's content…
            </p>
          ) : null}
        </form>
        {onCancel ? null : (
          <section
            aria-labelledby="local-heading"
            className="mt-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <h2 id="local-heading" className="text-base font-semibold text-slate-900 dark:text-white">
              No server yet?
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Edit your projects and profile on this computer only. You can connect to a server later.
            </p>
            <Button
              className="mt-3"
              variant="secondary"
              onClick={workLocally}
              loading={busy === "local"}
              disabled={busy !== null}
            >
              Work locally
            </Button>
          </section>
        )}
      </div>
    </main>
  );
}
