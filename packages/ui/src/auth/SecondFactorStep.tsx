/**
 * The login's second step: the authenticator code, a recovery code, or a passkey, for an account
 * the password alone does not open. Wrong answers say so and keep the step; an expired step or too many
 * tries send the user back to the password with the server's message.
 */
import { SECOND_FACTOR_MESSAGES, type SecondFactorMethod, type SessionUser } from "@portfolio/core/domain";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { errorMessage } from "../api/api-client.ts";
import { Alert } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { TextField } from "../components/FormField.tsx";
import { useApi } from "./auth-context.tsx";
import { passkeyAnswer, passkeyProblem, passkeysSupported } from "./passkeys.ts";

const FAILED = "Could not check the code. Try again.";
const UNREACHABLE = "The server could not be reached. Check your connection and try again.";
/** Answers that end the step: the password must be entered again. */
const RESTART = new Set<string>([SECOND_FACTOR_MESSAGES.stepExpired, SECOND_FACTOR_MESSAGES.tooManyTries]);

export function SecondFactorStep({
  methods,
  onSignedIn,
  onRestart,
}: {
  methods: readonly SecondFactorMethod[];
  onSignedIn: (user: SessionUser) => void;
  /** Back to the password, with why (null: the user chose to). */
  onRestart: (message: string | null) => void;
}) {
  const api = useApi();
  const hasTotp = methods.includes("totp");
  const [mode, setMode] = useState<"totp" | "recovery">(hasTotp ? "totp" : "recovery");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"code" | "passkey" | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const codeMethods = methods.filter((m) => m !== "passkey");

  // The field is keyed by mode, so a switch mounts a new one: focus it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again on purpose when the mode changes.
  useEffect(() => input.current?.focus(), [mode]);

  const fail = (failure: unknown) => {
    const message = errorMessage(failure, FAILED, UNREACHABLE);
    if (RESTART.has(message)) return onRestart(message);
    setError(message);
    setCode("");
    input.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = code.trim();
    if (!value) {
      setError(
        mode === "totp" ? "Enter the 6-digit code from your authenticator app." : "Enter one of your recovery codes.",
      );
      return input.current?.focus();
    }
    setBusy("code");
    setError(null);
    try {
      onSignedIn(await api.call("auth.secondFactor", mode === "totp" ? { code: value } : { recoveryCode: value }));
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(null);
    }
  };

  const withPasskey = async () => {
    if (busy) return;
    setBusy("passkey");
    setError(null);
    try {
      const options = await api.call("auth.secondFactor.passkeyOptions", {});
      let answer: Record<string, unknown>;
      try {
        answer = await passkeyAnswer(options);
      } catch (problem) {
        setError(passkeyProblem(problem));
        return;
      }
      onSignedIn(await api.call("auth.secondFactor", { passkey: answer }));
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-4" data-testid="second-factor-step">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Your password was right. Prove it is you with your second factor.
      </p>
      {codeMethods.length > 0 ? (
        <form onSubmit={submit} noValidate className="space-y-4" aria-label="Second factor">
          <TextField
            ref={input}
            key={mode}
            label={mode === "totp" ? "Authentication code" : "Recovery code"}
            name={mode === "totp" ? "code" : "recoveryCode"}
            inputMode={mode === "totp" ? "numeric" : "text"}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={mode === "totp" ? 7 : 40}
            value={code}
            onValueChange={setCode}
            hint={
              mode === "totp"
                ? "The 6-digit code your authenticator app shows now."
                : "One of the ten codes you saved when you set up two-factor authentication. Each works once."
            }
            error={error}
          />
          <Button type="submit" size="lg" className="w-full" loading={busy === "code"} disabled={busy !== null}>
            Verify
          </Button>
        </form>
      ) : error ? (
        <Alert tone="error" testId="second-factor-error">
          {error}
        </Alert>
      ) : null}
      {methods.includes("passkey") && passkeysSupported() ? (
        <Button
          variant="secondary"
          size="lg"
          className="w-full"
          onClick={withPasskey}
          loading={busy === "passkey"}
          disabled={busy !== null}
        >
          Use a passkey
        </Button>
      ) : null}
      <div className="flex flex-col items-center gap-2 text-sm">
        {hasTotp && methods.includes("recovery") ? (
          <Button
            variant="ghost"
            onClick={() => {
              setMode(mode === "totp" ? "recovery" : "totp");
              setCode("");
              setError(null);
            }}
          >
            {mode === "totp" ? "Use a recovery code instead" : "Use the authenticator app instead"}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => onRestart(null)}>
          Back to login
        </Button>
      </div>
    </div>
  );
}
