/**
 * 'Account security' (docs/security.md, promise 30): set up an authenticator app (QR code drawn here, the secret as
 * text to copy, confirmed with a first code), see and download the recovery codes once, make new ones, and
 * add, name, list and remove passkeys. Browser sessions and device tokens are on the same page.
 */
import type { PasskeyView, SecurityStatus, TotpEnrolment } from "@portfolio/core/domain";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { formatDateTime } from "../admin/dates.ts";
import { Card } from "../admin/States.tsx";
import { useLoad } from "../admin/use-load.ts";
import { errorMessage } from "../api/api-client.ts";
import { useApi, useAuth } from "../auth/auth-context.tsx";
import { createPasskey, passkeyProblem, passkeysSupported } from "../auth/passkeys.ts";
import { Alert } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { PasswordField, TextField } from "../components/FormField.tsx";
import { QrCode } from "./QrCode.tsx";
import { RemovePasskeyDialog } from "./RemovePasskeyDialog.tsx";

const FAILED = "That did not work. Try again.";
const UNREACHABLE = "The server could not be reached. Check your connection and try again.";
export const STAFF_MUST_ENROL =
  "The owner requires staff to use two-factor authentication. Set up an authenticator app or a passkey to use the admin panel.";

export function AccountSecurity() {
  const api = useApi();
  const { refresh } = useAuth();
  const status = useLoad(() => api.call("account.security", {}));
  const [codes, setCodes] = useState<string[] | null>(null);
  if (api.credential !== "session") {
    return (
      <Card title="Account security" headingLevel={2} testId="account-security">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Two-factor authentication is set up on the website: log in there to change it.
        </p>
      </Card>
    );
  }
  const changed = async () => {
    await status.reload();
    await refresh();
  };
  return (
    <section id="security" aria-labelledby="security-heading" className="space-y-4" data-testid="account-security">
      <h2 id="security-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Account security
      </h2>
      {status.data?.secondFactorRequired ? (
        <Alert tone="error" testId="second-factor-required">
          {STAFF_MUST_ENROL}
        </Alert>
      ) : null}
      {status.loading && !status.data ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading your sign-in methods…
        </p>
      ) : status.error && !status.data ? (
        <Alert tone="error">
          {errorMessage(status.error, "Your sign-in methods could not be loaded.", UNREACHABLE)}{" "}
          <Button variant="ghost" onClick={() => status.reload()}>
            Try again
          </Button>
        </Alert>
      ) : status.data ? (
        <>
          {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
          <AuthenticatorCard status={status.data} onCodes={setCodes} onChanged={changed} />
          <PasskeysCard passkeys={status.data.passkeys} totp={status.data.totp} onChanged={changed} />
        </>
      ) : null}
    </section>
  );
}

function AuthenticatorCard({
  status,
  onCodes,
  onChanged,
}: {
  status: SecurityStatus;
  onCodes: (codes: string[]) => void;
  onChanged: () => Promise<void>;
}) {
  const [step, setStep] = useState<"idle" | "password" | "scan" | "remove" | "renew">("idle");
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const description = status.totp
    ? `On. ${status.recoveryCodesLeft} of 10 recovery codes left.`
    : "Off. Use an app such as a password manager or an authenticator to make a new 6-digit code every 30 seconds.";
  return (
    <Card title="Authenticator app" description={description} headingLevel={3} testId="authenticator">
      {step === "idle" ? (
        <div className="flex flex-wrap gap-2">
          {status.totp ? (
            <>
              <Button variant="secondary" onClick={() => setStep("renew")}>
                New recovery codes
              </Button>
              <Button variant="danger" onClick={() => setStep("remove")}>
                Turn off
              </Button>
            </>
          ) : (
            <Button onClick={() => setStep("password")}>Set up an authenticator app</Button>
          )}
        </div>
      ) : null}
      {step === "password" ? (
        <PasswordStep
          button="Continue"
          onCancel={() => setStep("idle")}
          onPassword={async (api, password) => {
            setEnrolment(await api.call("account.totp.start", { password }));
            setStep("scan");
          }}
        />
      ) : null}
      {step === "scan" && enrolment ? (
        <ScanStep
          enrolment={enrolment}
          onCancel={() => setStep("idle")}
          onConfirmed={async (codes) => {
            setStep("idle");
            setEnrolment(null);
            onCodes(codes);
            await onChanged();
          }}
        />
      ) : null}
      {step === "renew" ? (
        <PasswordStep
          button="Make new codes"
          hint="The codes you have now will stop working."
          onCancel={() => setStep("idle")}
          onPassword={async (api, password) => {
            const { recoveryCodes } = await api.call("account.recoveryCodes.renew", { password });
            setStep("idle");
            onCodes(recoveryCodes);
            await onChanged();
          }}
        />
      ) : null}
      {step === "remove" ? (
        <PasswordStep
          button="Turn off"
          withCode
          hint="Your recovery codes stop working too, unless you keep a passkey."
          onCancel={() => setStep("idle")}
          onPassword={async (api, password, code) => {
            await api.call("account.totp.remove", { password, code });
            setStep("idle");
            await onChanged();
          }}
        />
      ) : null}
    </Card>
  );
}

type Api = ReturnType<typeof useApi>;

function PasswordStep({
  button,
  hint,
  withCode = false,
  onPassword,
  onCancel,
}: {
  button: string;
  hint?: string;
  withCode?: boolean;
  onPassword: (api: Api, password: string, code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const api = useApi();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!password) return setError("Enter your password.");
    if (withCode && !code.trim()) return setError("Enter the code from your authenticator app.");
    setBusy(true);
    setError(null);
    try {
      await onPassword(api, password, code.trim());
    } catch (failure) {
      setError(errorMessage(failure, FAILED, UNREACHABLE));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={button}>
      <PasswordField
        ref={first}
        label="Your password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
        hint={hint ?? "Asked again to keep your account safe."}
      />
      {withCode ? (
        <TextField
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onValueChange={setCode}
        />
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={busy}>
          {button}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ScanStep({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: TotpEnrolment;
  onConfirmed: (codes: string[]) => Promise<void>;
  onCancel: () => void;
}) {
  const api = useApi();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) return setError("Enter the 6-digit code your app shows.");
    setBusy(true);
    setError(null);
    try {
      await onConfirmed((await api.call("account.totp.confirm", { code: code.trim() })).recoveryCodes);
    } catch (failure) {
      setError(errorMessage(failure, FAILED, UNREACHABLE));
      setCode("");
      setBusy(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(enrolment.secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="space-y-4" data-testid="totp-scan">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>Scan this QR code with your authenticator app, or type the key below into it.</li>
        <li>Enter the 6-digit code the app shows to turn it on.</li>
      </ol>
      <div className="inline-block rounded-xl border border-slate-200 bg-white p-2 dark:border-slate-700">
        <QrCode text={enrolment.otpauthUrl} label="QR code for your authenticator app" />
      </div>
      <div>
        <p className="text-sm font-medium text-slate-700 dark:text-slate-200" id="totp-secret-label">
          Setup key
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <code
            data-testid="totp-secret"
            className="break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100"
          >
            {enrolment.secret.replace(/(.{4})/g, "$1 ").trim()}
          </code>
          <Button variant="secondary" size="sm" onClick={copy}>
            {copied ? "Copied" : "Copy key"}
          </Button>
        </div>
      </div>
      <form onSubmit={submit} noValidate className="space-y-3" aria-label="Confirm the authenticator app">
        <TextField
          label="Code from the app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onValueChange={setCode}
          error={error}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={busy}>
            Turn on
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const download = () => {
    const text = `Recovery codes for ${window.location.host}\nEach code signs in once, in place of a code from your authenticator app.\n\n${codes.join("\n")}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section
      aria-labelledby="recovery-heading"
      data-testid="recovery-codes"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-5 dark:border-amber-700 dark:bg-amber-950"
    >
      <h3
        id="recovery-heading"
        ref={heading}
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 outline-none dark:text-white"
      >
        Save your recovery codes
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        If you lose your phone, each code signs you in once. They are shown only now: download or write them down.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-slate-900 dark:text-slate-100">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={download}>Download codes</Button>
        <Button variant="secondary" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </section>
  );
}

function PasskeysCard({
  passkeys,
  totp,
  onChanged,
}: {
  passkeys: PasskeyView[];
  totp: boolean;
  onChanged: () => Promise<void>;
}) {
  const api = useApi();
  const [removing, setRemoving] = useState<PasskeyView | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  const notice = useRef<HTMLParagraphElement>(null);
  // The removed passkey's button is gone with it: the focus goes to the line that says it was removed.
  useEffect(() => {
    if (removed !== null) notice.current?.focus();
  }, [removed]);
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const supported = passkeysSupported();
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) return setError("Name the passkey, e.g. 'Work laptop'.");
    if (!password) return setError("Enter your password.");
    setBusy("add");
    setError(null);
    try {
      const options = await api.call("account.passkeys.options", { password });
      let response: Record<string, unknown>;
      try {
        response = await createPasskey(options);
      } catch (problem) {
        setError(passkeyProblem(problem));
        return;
      }
      await api.call("account.passkeys.create", { name: name.trim(), response });
      setAdding(false);
      setName("");
      setPassword("");
      await onChanged();
    } catch (failure) {
      setError(errorMessage(failure, FAILED, UNREACHABLE));
    } finally {
      setBusy(null);
    }
  };
  const remove = async (passkey: PasskeyView, password: string) => {
    await api.call("account.passkeys.delete", { id: passkey.id, password });
    await onChanged();
    setRemoving(null);
    setRemoved(passkey.name);
  };
  return (
    <Card
      title="Passkeys"
      description="Sign in with your fingerprint, face or device PIN instead of a password and code."
      headingLevel={3}
      testId="passkeys"
    >
      {passkeys.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No passkeys yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900 dark:text-white">{passkey.name}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  Added {formatDateTime(passkey.createdAt)}
                  {passkey.lastUsedAt ? ` · last used ${formatDateTime(passkey.lastUsedAt)}` : " · never used"}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setRemoved(null);
                  setRemoving(passkey);
                }}
                aria-label={`Remove the passkey ${passkey.name}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {removed !== null ? (
        <p
          ref={notice}
          tabIndex={-1}
          role="status"
          className="mt-2 text-sm text-slate-700 outline-none dark:text-slate-300"
        >
          The passkey "{removed}" was removed.
        </p>
      ) : null}
      {removing ? (
        <RemovePasskeyDialog
          passkey={removing}
          lastFactor={!totp && passkeys.length === 1}
          onRemove={(password) => remove(removing, password)}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
      {error && !adding ? <Alert tone="error">{error}</Alert> : null}
      {!supported ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">This browser cannot make passkeys.</p>
      ) : adding ? (
        <form onSubmit={add} noValidate className="mt-3 space-y-3" aria-label="Add a passkey">
          <TextField
            label="Name"
            value={name}
            onValueChange={setName}
            maxLength={100}
            hint="To tell your passkeys apart."
          />
          <PasswordField
            label="Your password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
          />
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={busy === "add"}>
              Add passkey
            </Button>
            <Button variant="secondary" onClick={() => setAdding(false)} disabled={busy !== null}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button className="mt-3" onClick={() => setAdding(true)}>
          Add a passkey
        </Button>
      )}
    </Card>
  );
}
