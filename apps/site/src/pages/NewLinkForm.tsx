/**
 * The form that mails a new link: an e-mail address and one button, through the forgot-password
 * call, which mails a reset link to an active account and a new activation link to one not activated yet
 * (the server answers the same either way, so it reveals no account). The token pages show it under a link
 * that cannot work; the login page shows it in place when an account is not activated yet.
 */
import { MESSAGES } from "@portfolio/core/domain";
import { Alert, Button, errorMessage, TextField, useAuth, useFieldErrors } from "@portfolio/ui";
import { type FormEvent, useState } from "react";
import { preloadFormRules, useFormRules } from "../lib/load-form-rules.ts";
import { LINK_COPY, type LinkKind } from "./link-copy.ts";

export interface NewLinkFormProps {
  kind: LinkKind;
  /** The address to start from (what the visitor already typed, when it is one). */
  initialEmail?: string;
  /** The button's words, where the page calls the action otherwise than the token pages do. */
  button?: string;
}

export function NewLinkForm({ kind, initialEmail = "", button }: NewLinkFormProps) {
  const { api } = useAuth();
  const copy = LINK_COPY[kind];
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  const fields = useFieldErrors<"email">();
  const withRules = useFormRules((text) => setFeedback({ tone: "error", text }));
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    fields.clear();
    await withRules(async ({ firstIssue, forgotFormSchema }) => {
      const issue = firstIssue(forgotFormSchema, { email });
      if (issue) return fields.show("email", issue.message);
      setBusy(true);
      setFeedback(null);
      try {
        await api.call("auth.forgotPassword", { email: email.trim() });
        setFeedback({ tone: "success", text: copy.sent });
      } catch (error) {
        setFeedback({ tone: "error", text: errorMessage(error, MESSAGES.forgotFailed) });
      } finally {
        setBusy(false);
      }
    });
  };

  return (
    <form
      ref={fields.formRef}
      onSubmit={onSubmit}
      onFocus={preloadFormRules}
      noValidate
      className="space-y-4"
      aria-label={copy.heading}
    >
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">{copy.heading}</h2>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
        error={fields.errorOf("email")}
      />
      {feedback ? (
        <Alert tone={feedback.tone} testId="new-link-message">
          {feedback.text}
        </Alert>
      ) : null}
      <Button type="submit" size="lg" className="w-full" loading={busy}>
        {button ?? copy.button}
      </Button>
    </form>
  );
}
