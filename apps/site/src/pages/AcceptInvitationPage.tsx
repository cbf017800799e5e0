/**
 * /accept-invitation?token=…: staff invited this person; they choose a password, which activates
 * the account (ChoosePasswordPage), then go to /login.
 */
import { MESSAGES } from "@portfolio/core/domain";
import { errorMessage, useAuth } from "@portfolio/ui";
import { useCallback } from "react";
import { ChoosePasswordPage } from "./ChoosePasswordPage.tsx";
import { isLinkProblem } from "./LinkProblem.tsx";

const COPY = {
  title: "Accept your invitation",
  subtitle: "Choose a password to activate your account.",
  deadSubtitle: "This invitation link can't be used.",
  checking: "Checking your invitation…",
  missingLink: MESSAGES.invitationLinkInvalid,
  passwordLabel: "Password",
  confirmLabel: "Confirm password",
  submit: "Activate Account",
  formLabel: "Accept invitation",
  formTestId: "invitation-form",
};

/** A link that can never work: unknown, used, expired, or its account deactivated since (docs/security.md, promise 33). */
function deadInvitation(error: unknown): string | null {
  const dead = isLinkProblem(error) || errorMessage(error, "") === MESSAGES.accountDeactivated;
  return dead ? errorMessage(error, MESSAGES.tokenInvalid) : null;
}

export default function AcceptInvitationPage() {
  const { api } = useAuth();
  const check = useCallback((token: string) => api.call("auth.invitation.check", { token }), [api]);
  const submit = useCallback(
    async (token: string, password: string) => (await api.call("auth.invitation.accept", { token, password })).message,
    [api],
  );
  return (
    <ChoosePasswordPage
      kind="invitation"
      copy={COPY}
      check={check}
      submit={submit}
      deadLinkMessage={deadInvitation}
      failedMessage="Failed to accept the invitation."
    />
  );
}
