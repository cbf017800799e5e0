/** /login: login, sign-up and forgot-password forms in one screen (spec sections 2, 5 and 8). */
import {
  landingFor,
  MESSAGES,
  type SecondFactorMethod,
  type SessionUser,
  signupSuccessMessage,
} from "@portfolio/core/domain";
import {
  Alert,
  Button,
  cx,
  errorMessage,
  FOCUS_RING,
  Navigate,
  PasswordField,
  secondFactorRequired,
  TextField,
  useAuth,
  useFieldErrors,
  useHydrated,
  useNavigate,
  useSearchParams,
} from "@portfolio/ui";
import { passkeysSupported } from "@portfolio/ui/auth/passkey-support.ts";
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { type FormRules, preloadFormRules, useFormRules } from "../lib/load-form-rules.ts";
import { AuthCard } from "./AuthCard.tsx";
import { NewLinkForm } from "./NewLinkForm.tsx";

/**
 * The second step and the passkey sign-in are chunks of their own (the WebAuthn library with them), fetched
 * when the login answers that a second factor is needed or the visitor asks for a passkey: most visits to
 * this page use neither.
 */
const SecondFactorStep = lazy(() =>
  import("@portfolio/ui/auth/SecondFactorStep.tsx").then((module) => ({ default: module.SecondFactorStep })),
);
const loadPasskeys = () => import("@portfolio/ui/auth/passkeys.ts");

export type LoginMode = "login" | "signup" | "forgot";

export const SIGNUP_RETURN_MS = 2000;

/** Where staff go when the owner requires a second factor they have not set up yet. */
const SECURITY_SETUP = "/account#security";

const TITLES: Record<LoginMode, { title: string; subtitle: string }> = {
  login: { title: "Welcome back", subtitle: "Log in to your account." },
  signup: { title: "Create an account", subtitle: "Sign up with your username and e-mail." },
  forgot: { title: "Forgot password", subtitle: "We'll e-mail you a link to reset it." },
};

type Field = "username" | "email" | "password" | "confirmPassword";

interface Feedback {
  tone: "error" | "success";
  text: string;
}

function modeFrom(value: string | null): LoginMode {
  return value === "signup" || value === "forgot" ? value : "login";
}

export default function LoginPage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { login, signedIn, api, isLoggedIn, can } = useAuth();
  /** Set while the password was right and the account asks for its second factor. */
  const [secondFactor, setSecondFactor] = useState<readonly SecondFactorMethod[] | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [mode, setMode] = useState<LoginMode>("login");
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [busy, setBusy] = useState(false);
  const returnTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Set once this form logs in: from then on the form's own navigation decides, not the redirect below. */
  const loggedInHere = useRef(false);
  /**
   * Set when the login named an account never activated (not a deactivated one, which no link brings back):
   * the way to a new activation link is offered right under the message.
   */
  const [offerActivationLink, setOfferActivationLink] = useState(false);
  const fields = useFieldErrors<Field>();

  // ?mode=signup|forgot deep links (read after hydration: the prerendered page is the login mode).
  const requestedMode = hydrated ? params.get("mode") : null;
  useEffect(() => {
    if (requestedMode) setMode(modeFrom(requestedMode));
  }, [requestedMode]);
  useEffect(() => () => clearTimeout(returnTimer.current), []);

  const switchTo = (next: LoginMode) => {
    clearTimeout(returnTimer.current);
    setMode(next);
    setFeedback(null);
    fields.clear();
    setOfferActivationLink(false);
    setPassword("");
    setConfirmPassword("");
  };

  const fail = (text: string) => setFeedback({ tone: "error", text });
  const withRules = useFormRules(fail);
  /** The first problem of what was typed, shown at its field; true when there was one. */
  const invalid = (issue: { path: ReadonlyArray<PropertyKey>; message: string } | null): boolean => {
    if (!issue) return false;
    fields.show(issue.path[0] as Field, issue.message);
    return true;
  };

  const onLogin = async ({ firstIssue, loginFormSchema }: FormRules) => {
    if (invalid(firstIssue(loginFormSchema, { username, password }))) return;
    setBusy(true);
    try {
      loggedInHere.current = true;
      const answer = await login(username.trim(), password);
      if ("secondFactor" in answer) {
        setSecondFactor(answer.secondFactor.methods);
        return;
      }
      navigate(secondFactorRequired(answer) ? SECURITY_SETUP : "/");
    } catch (error) {
      loggedInHere.current = false;
      const text = errorMessage(error, MESSAGES.loginFailed, MESSAGES.unexpected);
      fail(text);
      setOfferActivationLink(text === MESSAGES.accountInactive);
    } finally {
      setBusy(false);
    }
  };

  const finishSignIn = async (user: SessionUser) => {
    loggedInHere.current = true;
    navigate(secondFactorRequired(await signedIn(user)) ? SECURITY_SETUP : "/");
  };

  const backToPassword = (message: string | null) => {
    setSecondFactor(null);
    setPassword("");
    loggedInHere.current = false;
    setFeedback(message ? { tone: "error", text: message } : null);
  };

  const onPasskey = async () => {
    if (passkeyBusy) return;
    setPasskeyBusy(true);
    setFeedback(null);
    try {
      // Fetched alongside the server's options; a failure is reported where it is awaited.
      const passkeys = loadPasskeys();
      passkeys.catch(() => undefined);
      const options = await api.call("auth.passkey.options", {});
      const { passkeyAnswer, passkeyProblem } = await passkeys;
      let response: Record<string, unknown>;
      try {
        response = await passkeyAnswer(options);
      } catch (problem) {
        return fail(passkeyProblem(problem));
      }
      await finishSignIn(await api.call("auth.passkey", { response }));
    } catch (error) {
      fail(errorMessage(error, MESSAGES.loginFailed, MESSAGES.unexpected));
    } finally {
      setPasskeyBusy(false);
    }
  };

  const onForgot = async ({ firstIssue, forgotFormSchema }: FormRules) => {
    if (invalid(firstIssue(forgotFormSchema, { email }))) return;
    setBusy(true);
    try {
      await api.call("auth.forgotPassword", { email: email.trim() });
      setFeedback({ tone: "success", text: MESSAGES.forgotSent });
    } catch (error) {
      fail(errorMessage(error, MESSAGES.forgotFailed));
    } finally {
      setBusy(false);
    }
  };

  const onSignup = async ({ firstIssue, signupFormSchema }: FormRules) => {
    if (invalid(firstIssue(signupFormSchema, { username, email, password, confirmPassword }))) return;
    setBusy(true);
    try {
      await api.call("auth.signup", { username: username.trim(), email: email.trim(), password });
      // One message: the account cannot log in before the mailed link activates it.
      setFeedback({ tone: "success", text: signupSuccessMessage(email.trim()) });
      setPassword("");
      setConfirmPassword("");
      returnTimer.current = setTimeout(() => setMode("login"), SIGNUP_RETURN_MS);
    } catch (error) {
      fail(errorMessage(error, MESSAGES.signupFailed));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFeedback(null);
    fields.clear();
    setOfferActivationLink(false);
    await withRules((rules) =>
      mode === "login" ? onLogin(rules) : mode === "forgot" ? onForgot(rules) : onSignup(rules),
    );
  };

  // Already logged in (the server redirects a full load of /login; this covers moves inside the app): go
  // where a logged-in user belongs, without showing the form.
  if (isLoggedIn && !loggedInHere.current) return <Navigate to={landingFor(can("admin.view"))} replace />;

  if (secondFactor) {
    return (
      <AuthCard title="Two-factor authentication" subtitle="One more step to log in.">
        <Suspense fallback={null}>
          <SecondFactorStep
            methods={secondFactor}
            onSignedIn={(user) => void finishSignIn(user)}
            onRestart={backToPassword}
          />
        </Suspense>
      </AuthCard>
    );
  }

  const { title, subtitle } = TITLES[mode];
  const switchLink = cx(
    "rounded font-medium text-indigo-700 hover:text-indigo-900 hover:underline dark:text-indigo-300 dark:hover:text-indigo-200",
    FOCUS_RING,
  );

  return (
    <AuthCard title={title} subtitle={subtitle}>
      <form
        ref={fields.formRef}
        onSubmit={onSubmit}
        onFocus={preloadFormRules}
        noValidate
        className="space-y-4"
        data-testid={`${mode}-form`}
        aria-label={title}
      >
        {mode !== "forgot" ? (
          <TextField
            key={`${mode}-username`}
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onValueChange={setUsername}
            error={fields.errorOf("username")}
          />
        ) : null}
        {mode !== "login" ? (
          <TextField
            key={`${mode}-email`}
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
            error={fields.errorOf("email")}
          />
        ) : null}
        {mode !== "forgot" ? (
          <PasswordField
            key={`${mode}-password`}
            label="Password"
            name="password"
            autoComplete={mode === "signup" ? "new-password" : "current-password"}
            value={password}
            onValueChange={setPassword}
            hint={mode === "signup" ? "At least 6 characters." : undefined}
            error={fields.errorOf("password")}
          />
        ) : null}
        {mode === "signup" ? (
          <PasswordField
            label="Confirm password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onValueChange={setConfirmPassword}
            error={fields.errorOf("confirmPassword")}
          />
        ) : null}
        {feedback ? (
          <Alert tone={feedback.tone} testId="form-message">
            {feedback.text}
          </Alert>
        ) : null}
        {/* Off until the page runs: the browser would otherwise send the form itself, password in the URL. */}
        <Button type="submit" size="lg" className="w-full" loading={busy} disabled={!hydrated}>
          {mode === "login" ? "Login" : mode === "signup" ? "Sign Up" : "Send Reset Link"}
        </Button>
      </form>
      {mode === "login" && hydrated && passkeysSupported() ? (
        <div className="mt-4">
          <Button
            variant="secondary"
            size="lg"
            className="w-full"
            onClick={onPasskey}
            loading={passkeyBusy}
            data-testid="passkey-login"
          >
            Sign in with a passkey
          </Button>
        </div>
      ) : null}
      {mode === "login" && offerActivationLink ? (
        <div className="mt-6 border-t border-slate-200 pt-6 dark:border-slate-700" data-testid="new-activation-link">
          <NewLinkForm
            kind="activation"
            button="Send a new activation link"
            initialEmail={username.includes("@") ? username.trim() : ""}
          />
        </div>
      ) : null}
      <div className="mt-6 flex flex-col items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        {mode === "login" ? (
          <>
            <button type="button" className={switchLink} onClick={() => switchTo("forgot")}>
              Forgot your password?
            </button>
            <p>
              Don't have an account?{" "}
              <button type="button" className={switchLink} onClick={() => switchTo("signup")}>
                Sign up
              </button>
            </p>
          </>
        ) : (
          <p>
            {mode === "signup" ? "Already have an account? " : "Remembered it? "}
            <button type="button" className={switchLink} onClick={() => switchTo("login")}>
              Back to login
            </button>
          </p>
        )}
      </div>
    </AuthCard>
  );
}
