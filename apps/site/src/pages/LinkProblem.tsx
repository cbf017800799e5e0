/**
 * What the token pages show for a link that cannot work (issue 13): missing, unknown, already used or
 * expired. It says so in the product's words and offers the way to a new link right there: the
 * forgot-password call, which mails a reset link to an active account and a new activation link to one
 * not activated yet (the server answers the same either way, so it reveals no account).
 */
import { MESSAGES } from "@portfolio/core/domain";
import { Alert, ApiError, Button, buttonClasses, errorMessage, RouteLink, TextField, useAuth } from "@portfolio/ui";
import { type FormEvent, useState } from "react";
import { preloadFormRules, useFormRules } from "../lib/load-form-rules.ts";

export type LinkKind = "activation" | "reset";

/** The server's answers for an unknown, used or expired token (not a password rule or a network failure). */
export function isLinkProblem(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.serverMessage === MESSAGES.tokenInvalid || error.serverMessage === MESSAGES.tokenExpired)
  );
}

export const LINK_COPY: Record<LinkKind, { explanation: string; sent: string; button: string; heading: string }> = {
  activation: {
    heading: "Get a new activation link",
    explanation:
      "For your safety each link works once and only for a limited time. Already activated your account? Then just log in. Otherwise enter your e-mail address and we'll send you a new activation link.",
    sent: "Check your email: if that address has an account waiting for activation, a new activation link is on its way.",
    button: "Send New Activation Link",
  },
  reset: {
    heading: "Get a new reset link",
    explanation:
      "For your safety each link works once and only for a limited time. Enter your e-mail address and we'll send you a new one.",
    sent: MESSAGES.forgotSent,
    button: "Send Reset Link",
  },
};

export function LinkProblem({ kind, message }: { kind: LinkKind; message: string }) {
  const { api } = useAuth();
  const copy = LINK_COPY[kind];
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  const withRules = useFormRules((text) => setFeedback({ tone: "error", text }));
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    await withRules(async ({ firstError, forgotFormSchema }) => {
      const invalid = firstError(forgotFormSchema, { email });
      if (invalid) return setFeedback({ tone: "error", text: invalid });
      setBusy(true);
      setFeedback(null);
      try {
        await api.forgotPassword(email.trim());
        setFeedback({ tone: "success", text: copy.sent });
      } catch (error) {
        setFeedback({ tone: "error", text: errorMessage(error, MESSAGES.forgotFailed) });
      } finally {
        setBusy(false);
      }
    });
  };

  return (
    <div className="space-y-4" data-testid="link-problem" data-kind={kind}>
      <Alert tone="error" testId="form-message">
        {message}
      </Alert>
      <p className="text-sm text-slate-600 dark:text-slate-400">{copy.explanation}</p>
      <form onSubmit={onSubmit} onFocus={preloadFormRules} noValidate className="space-y-4" aria-label={copy.heading}>
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">{copy.heading}</h2>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
        />
        {feedback ? (
          <Alert tone={feedback.tone} testId="new-link-message">
            {feedback.text}
          </Alert>
        ) : null}
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {copy.button}
        </Button>
      </form>
      <div className="flex flex-col gap-2 sm:flex-row">
        <RouteLink to="/login" className={buttonClasses("secondary", "lg", "w-full")}>
          Go to login
        </RouteLink>
        {kind === "activation" ? (
          <RouteLink to="/login?mode=signup" className={buttonClasses("secondary", "lg", "w-full")}>
            Sign up again
          </RouteLink>
        ) : null}
      </div>
    </div>
  );
}
