/**
 * /confirm-email?token=…: the link mailed to the new address staff set. The page checks the
 * link as it opens (without using it up), then confirms when the visitor presses the button (never on load:
 * mail scanners open every link in a mail). States: checking, ready, confirming, success, dead link (unknown,
 * used or expired: only staff can send a new one), or another failure to try again.
 */
import { MESSAGES } from "@portfolio/core/domain";
import {
  Alert,
  Button,
  buttonClasses,
  errorMessage,
  RouteLink,
  Spinner,
  useAuth,
  useHydrated,
  useSearchParams,
} from "@portfolio/ui";
import { useCallback, useEffect, useState } from "react";
import { AuthCard } from "./AuthCard.tsx";
import { isLinkProblem } from "./LinkProblem.tsx";

const CONFIRM_FAILED = "Failed to confirm the e-mail address.";
const NEW_LINK_FROM_STAFF =
  "For your safety each confirmation link works once and only for 48 hours. Ask the site's staff to enter the new address again: a new link will come to it.";

type Status = "checking" | "ready" | "confirming" | "success" | "error" | "dead-link";

export default function ConfirmEmailPage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const { api } = useAuth();
  const [status, setStatus] = useState<Status>("checking");
  const [error, setError] = useState<string | null>(null);
  const token = hydrated ? (params.get("token") ?? "").trim() : null;

  useEffect(() => {
    if (token === null) return;
    if (token === "") {
      setError(MESSAGES.emailChangeLinkInvalid);
      setStatus("dead-link");
      return;
    }
    let current = true;
    api.call("auth.emailChange.check", { token }).then(
      () => {
        if (current) setStatus("ready");
      },
      (failure: unknown) => {
        if (!current) return;
        if (isDeadLink(failure)) {
          setError(errorMessage(failure, MESSAGES.tokenInvalid));
          setStatus("dead-link");
        } else setStatus("ready"); // offline or rate limited: the confirmation itself answers then
      },
    );
    return () => {
      current = false;
    };
  }, [api, token]);

  const confirm = useCallback(
    async (value: string) => {
      setStatus("confirming");
      setError(null);
      try {
        await api.call("auth.emailChange.confirm", { token: value });
        setStatus("success");
      } catch (failure) {
        setError(errorMessage(failure, CONFIRM_FAILED));
        setStatus(isDeadLink(failure) ? "dead-link" : "error");
      }
    },
    [api],
  );

  return (
    <AuthCard
      title="Confirm your e-mail address"
      subtitle={status === "dead-link" ? "This confirmation link can't be used." : "One click and it's yours."}
    >
      <div className="space-y-4">
        {status === "checking" || status === "confirming" ? (
          <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" role="status">
            <Spinner /> {status === "checking" ? "Checking your confirmation link…" : "Confirming your address…"}
          </p>
        ) : null}
        {status === "ready" ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Press the button to make this address the one your account uses.
          </p>
        ) : null}
        {status === "success" ? (
          <Alert tone="success" testId="form-message">
            {MESSAGES.emailChangeConfirmed}
          </Alert>
        ) : null}
        {(status === "error" || status === "dead-link") && error ? (
          <Alert tone="error" testId="form-message">
            {error}
          </Alert>
        ) : null}
        {status === "dead-link" ? (
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="link-problem">
            {NEW_LINK_FROM_STAFF}
          </p>
        ) : null}
        {token && (status === "ready" || status === "confirming" || status === "error") ? (
          <Button
            size="lg"
            className="w-full"
            loading={status === "confirming"}
            onClick={() => void confirm(token)}
            data-testid="confirm-email-button"
          >
            Confirm E-mail Address
          </Button>
        ) : null}
        {status === "success" || status === "dead-link" ? (
          <RouteLink
            to="/login"
            className={buttonClasses(status === "success" ? "primary" : "secondary", "lg", "w-full")}
          >
            Go to login
          </RouteLink>
        ) : null}
      </div>
    </AuthCard>
  );
}

/** A link that can never work: unknown, used, expired, or its account deactivated since (docs/security.md, promise 33). */
function isDeadLink(error: unknown): boolean {
  return isLinkProblem(error) || errorMessage(error, "") === MESSAGES.accountDeactivated;
}
