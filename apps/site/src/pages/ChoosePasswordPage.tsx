/**
 * The page behind an e-mailed link that ends in choosing a password (a reset, an invitation): the link is
 * checked as the page opens (a check that does not use it up), so a missing, unknown, used or expired one
 * says so at once with the way to a new link (LinkProblem), not after the visitor typed a password twice.
 * On success the page goes to /login after CHOOSE_PASSWORD_REDIRECT_MS.
 */
import { MESSAGES } from "@portfolio/core/domain";
import {
  Alert,
  Button,
  errorMessage,
  PasswordField,
  Spinner,
  useFieldErrors,
  useHydrated,
  useNavigate,
  useSearchParams,
} from "@portfolio/ui";
import { type FormEvent, useEffect, useState } from "react";
import { preloadFormRules, useFormRules } from "../lib/load-form-rules.ts";
import { AuthCard } from "./AuthCard.tsx";
import { LinkProblem } from "./LinkProblem.tsx";

export const CHOOSE_PASSWORD_REDIRECT_MS = 3000;

export interface ChoosePasswordCopy {
  title: string;
  subtitle: string;
  deadSubtitle: string;
  checking: string;
  /** Shown when the link carries no token at all. */
  missingLink: string;
  passwordLabel: string;
  confirmLabel: string;
  submit: string;
  formLabel: string;
  formTestId: string;
}

export interface ChoosePasswordPageProps {
  kind: "reset" | "invitation";
  copy: ChoosePasswordCopy;
  /** Asks the server whether the link can be used, without using it. */
  check(token: string): Promise<unknown>;
  /** Uses the link; resolves to the success message. */
  submit(token: string, password: string): Promise<string>;
  /** The message of an error that means the link can never work, or null for any other failure. */
  deadLinkMessage(error: unknown): string | null;
  failedMessage: string;
}

export function ChoosePasswordPage({
  kind,
  copy,
  check,
  submit,
  deadLinkMessage,
  failedMessage,
}: ChoosePasswordPageProps) {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const navigate = useNavigate();
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
    check(token).then(
      () => {
        if (current) setCheckedToken(token);
      },
      (error: unknown) => {
        if (!current) return;
        const dead = deadLinkMessage(error);
        if (dead !== null) setDeadLink(dead);
        // Any other failure (offline, rate limited) leaves the form: using the link answers then.
        else setCheckedToken(token);
      },
    );
    return () => {
      current = false;
    };
  }, [check, deadLinkMessage, token]);

  /** Before hydration, and while the server has not yet answered for this link. */
  const checking = token === null || (token !== "" && !deadLink && checkedToken !== token);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate("/login"), CHOOSE_PASSWORD_REDIRECT_MS);
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
      // Both filled, equal, at least 6 characters: the same rules and messages for every such link.
      const issue = firstIssue(resetFormSchema, { password, confirmPassword });
      if (issue)
        return fields.show(issue.path[0] === "confirmPassword" ? "confirmPassword" : "password", issue.message);
      setBusy(true);
      try {
        setFeedback({ tone: "success", text: await submit(token, password) });
        setDone(true);
      } catch (error) {
        const dead = deadLinkMessage(error);
        if (dead !== null) setDeadLink(dead);
        else setFeedback({ tone: "error", text: errorMessage(error, failedMessage) });
      } finally {
        setBusy(false);
      }
    });
  };

  return (
    <AuthCard title={copy.title} subtitle={token === "" || deadLink ? copy.deadSubtitle : copy.subtitle}>
      {checking ? (
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" role="status">
          <Spinner /> {copy.checking}
        </p>
      ) : token === "" ? (
        <LinkProblem kind={kind} message={copy.missingLink} />
      ) : deadLink ? (
        <LinkProblem kind={kind} message={deadLink} />
      ) : (
        <form
          ref={fields.formRef}
          onSubmit={onSubmit}
          onFocus={preloadFormRules}
          noValidate
          className="space-y-4"
          data-testid={copy.formTestId}
          aria-label={copy.formLabel}
        >
          <PasswordField
            label={copy.passwordLabel}
            name={kind === "reset" ? "newPassword" : "password"}
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            error={fields.errorOf("password")}
            hint="At least 6 characters."
            disabled={done}
          />
          <PasswordField
            label={copy.confirmLabel}
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
            {copy.submit}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
