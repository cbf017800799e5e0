/**
 * /reset-password?token=…: choose a new password; on success go to /login after 3 s. A missing, unknown,
 * used or expired link shows what went wrong and the form for a new reset link (LinkProblem), as the page
 * opens (a check that does not use the link up), not after the visitor typed a new password twice.
 */
import { MESSAGES } from "@portfolio/core/domain";
import {
  Alert,
  Button,
  errorMessage,
  PasswordField,
  Spinner,
  useAuth,
  useFieldErrors,
  useHydrated,
} from "@portfolio/ui";
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { preloadFormRules, useFormRules } from "../lib/load-form-rules.ts";
import { AuthCard } from "./AuthCard.tsx";
import { isLinkProblem, LinkProblem } from "./LinkProblem.tsx";

export const RESET_REDIRECT_MS = 3000;

export default function ResetPasswordPage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { api } = useAuth();
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [feedback, setFeedback] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [deadLink, setDeadLink] = useState<string | null>(null);
  const token = hydrated ? (params.get("token") ?? "").trim() : null;
  /** The token the server said can be used; the form waits for that answer. */
  const [checkedToken, setCheckedToken] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    let current = true;
    api.checkResetToken(token).then(
      () => {
        if (current) setCheckedToken(token);
      },
      (error: unknown) => {
        if (!current) return;
        if (isLinkProblem(error)) setDeadLink(error.serverMessage ?? MESSAGES.resetTokenInvalid);
        // Any other failure (offline, rate limited) leaves the form: the reset itself answers then.
        else setCheckedToken(token);
      },
    );
    return () => {
      current = false;
    };
  }, [api, token]);

  /** Before hydration, and while the server has not yet answered for this link. */
  const checking = token === null || (token !== "" && !deadLink && checkedToken !== token);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate("/login"), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const fields = useFieldErrors<"password" | "confirmPassword">();
  const withRules = useFormRules((text) => setFeedback({ tone: "error", text }));
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || done) return;
    setFeedback(null);
    fields.clear();
    if (!token) return setFeedback({ tone: "error", text: MESSAGES.resetTokenInvalid });
    await withRules(async ({ firstIssue, resetFormSchema }) => {
      const issue = firstIssue(resetFormSchema, { password, confirmPassword });
      if (issue)
        return fields.show(issue.path[0] === "confirmPassword" ? "confirmPassword" : "password", issue.message);
      setBusy(true);
      try {
        await api.resetPassword(token, password);
        setFeedback({ tone: "success", text: MESSAGES.resetSuccess });
        setDone(true);
      } catch (error) {
        if (isLinkProblem(error)) setDeadLink(error.serverMessage ?? MESSAGES.resetTokenInvalid);
        else setFeedback({ tone: "error", text: errorMessage(error, MESSAGES.resetFailed) });
      } finally {
        setBusy(false);
      }
    });
  };

  return (
    <AuthCard
      title="Reset your password"
      subtitle={token === "" || deadLink ? "This reset link can't be used." : "Choose a new password for your account."}
    >
      {checking ? (
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" role="status">
          <Spinner /> Checking your reset link…
        </p>
      ) : token === "" ? (
        <LinkProblem kind="reset" message={MESSAGES.resetLinkInvalid} />
      ) : deadLink ? (
        <LinkProblem kind="reset" message={deadLink} />
      ) : (
        <form
          ref={fields.formRef}
          onSubmit={onSubmit}
          onFocus={preloadFormRules}
          noValidate
          className="space-y-4"
          data-testid="reset-form"
          aria-label="Reset password"
        >
          <PasswordField
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            error={fields.errorOf("password")}
            hint="At least 6 characters."
            disabled={done}
          />
          <PasswordField
            label="Confirm new password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onValueChange={setConfirmPassword}
            error={fields.errorOf("confirmPassword")}
            disabled={done}
          />
          {feedback ? (
            <Alert tone={feedback.tone} testId="form-message">
              {feedback.text}
            </Alert>
          ) : null}
          <Button type="submit" size="lg" className="w-full" loading={busy} disabled={done}>
            Reset Password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
