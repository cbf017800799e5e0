/** /reset-password?token=…: choose a new password (ChoosePasswordPage), then go to /login. */
import { MESSAGES } from "@portfolio/core/domain";
import { useAuth } from "@portfolio/ui";
import { useCallback } from "react";
import { ChoosePasswordPage } from "./ChoosePasswordPage.tsx";
import { isLinkProblem } from "./LinkProblem.tsx";

const COPY = {
  title: "Reset your password",
  subtitle: "Choose a new password for your account.",
  deadSubtitle: "This reset link can't be used.",
  checking: "Checking your reset link…",
  missingLink: MESSAGES.resetLinkInvalid,
  passwordLabel: "New password",
  confirmLabel: "Confirm new password",
  submit: "Reset Password",
  formLabel: "Reset password",
  formTestId: "reset-form",
};

function deadResetLink(error: unknown): string | null {
  return isLinkProblem(error) ? (error.serverMessage ?? MESSAGES.resetTokenInvalid) : null;
}

export default function ResetPasswordPage() {
  const { api } = useAuth();
  const check = useCallback((token: string) => api.call("auth.resetToken.check", { token }), [api]);
  const submit = useCallback(
    async (token: string, password: string) => {
      await api.call("auth.resetPassword", { token, newPassword: password });
      return MESSAGES.resetSuccess;
    },
    [api],
  );
  return (
    <ChoosePasswordPage
      kind="reset"
      copy={COPY}
      check={check}
      submit={submit}
      deadLinkMessage={deadResetLink}
      failedMessage={MESSAGES.resetFailed}
    />
  );
}
