/**
 * /accept-invitation?token=…: staff invited this person (issue 22 §5); they choose a password, which activates
 * the account, then go to /login after 3 s. The link is checked as the page opens (without using it up), so a
 * missing, unknown, used or expired one says so at once, with the way to a new invitation link (LinkProblem).
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

export const INVITATION_REDIRECT_MS = 3000;
const ACCEPT_FAILED = "Failed to accept the invitation.";

export default function AcceptInvitationPage() {
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
  const [checkedToken, setCheckedToken] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    let current = true;
    api.checkInvitation(token).then(
      () => {
        if (current) setCheckedToken(token);
      },
      (error: unknown) => {
        if (!current) return;
        if (isDeadInvitation(error)) setDeadLink(errorMessage(error, MESSAGES.tokenInvalid));
        // Any other failure (offline, rate limited) leaves the form: accepting answers then.
        else setCheckedToken(token);
      },
    );
    return () => {
      current = false;
    };
  }, [api, token]);

  const checking = token === null || (token !== "" && !deadLink && checkedToken !== token);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate("/login"), INVITATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const fields = useFieldErrors<"password" | "confirmPassword">();
  const withRules = useFormRules((text) => setFeedback({ tone: "error", text }));
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || done || !token) return;
    setFeedback(null);
    fields.clear();
    await withRules(async ({ firstIssue, resetFormSchema }) => {
      // The same rules and messages as a reset: both filled, equal, at least 6 characters.
      const issue = firstIssue(resetFormSchema, { password, confirmPassword });
      if (issue)
        return fields.show(issue.path[0] === "confirmPassword" ? "confirmPassword" : "password", issue.message);
      setBusy(true);
      try {
        const answer = await api.acceptInvitation(token, password);
        setFeedback({ tone: "success", text: answer.message });
        setDone(true);
      } catch (error) {
        if (isDeadInvitation(error)) setDeadLink(errorMessage(error, MESSAGES.tokenInvalid));
        else setFeedback({ tone: "error", text: errorMessage(error, ACCEPT_FAILED) });
      } finally {
        setBusy(false);
      }
    });
  };

  return (
    <AuthCard
      title="Accept your invitation"
      subtitle={
        token === "" || deadLink ? "This invitation link can't be used." : "Choose a password to activate your account."
      }
    >
      {checking ? (
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" role="status">
          <Spinner /> Checking your invitation…
        </p>
      ) : token === "" ? (
        <LinkProblem kind="invitation" message={MESSAGES.invitationLinkInvalid} />
      ) : deadLink ? (
        <LinkProblem kind="invitation" message={deadLink} />
      ) : (
        <form
          ref={fields.formRef}
          onSubmit={onSubmit}
          onFocus={preloadFormRules}
          noValidate
          className="space-y-4"
          data-testid="invitation-form"
          aria-label="Accept invitation"
        >
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            error={fields.errorOf("password")}
            hint="At least 6 characters."
            disabled={done}
          />
          <PasswordField
            label="Confirm password"
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
            Activate Account
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

/** A link that can never work: unknown, used, expired, or its account deactivated since (SECURITY 33). */
function isDeadInvitation(error: unknown): boolean {
  return isLinkProblem(error) || errorMessage(error, "") === MESSAGES.accountDeactivated;
}
