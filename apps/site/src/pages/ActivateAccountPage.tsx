/**
 * /activate-account?token=…: activates when the visitor presses 'Activate Account' (never on load: mail
 * scanners open every link in a mail, and one would activate the account for whoever signed up), then
 * redirects to /login 3 s after success. A missing, unknown, used or expired link shows what went wrong and
 * a way to a new activation link (LinkProblem); any other failure keeps the button to try again.
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
  useNavigate,
  useSearchParams,
} from "@portfolio/ui";
import { useCallback, useEffect, useState } from "react";
import { AuthCard } from "./AuthCard.tsx";
import { isLinkProblem, LinkProblem } from "./LinkProblem.tsx";

export const ACTIVATION_REDIRECT_MS = 3000;

type Status = "checking" | "missing" | "ready" | "activating" | "success" | "error" | "dead-link";

export default function ActivateAccountPage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { api } = useAuth();
  const [status, setStatus] = useState<Status>("checking");
  const [error, setError] = useState<string | null>(null);
  const token = hydrated ? (params.get("token") ?? "").trim() : null;

  const activate = useCallback(
    async (value: string) => {
      setStatus("activating");
      setError(null);
      try {
        await api.call("auth.activate", { token: value });
        setStatus("success");
      } catch (failure) {
        setError(errorMessage(failure, MESSAGES.activationFailed));
        // A link that can never work again is not retried: it needs a new one.
        setStatus(isLinkProblem(failure) ? "dead-link" : "error");
      }
    },
    [api],
  );

  useEffect(() => {
    if (token === null) return;
    setStatus((current) => (current === "checking" ? (token === "" ? "missing" : "ready") : current));
  }, [token]);

  useEffect(() => {
    if (status !== "success") return;
    const timer = setTimeout(() => navigate("/login"), ACTIVATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  return (
    <AuthCard
      title="Activate your account"
      subtitle={
        status === "missing" || status === "dead-link"
          ? "This activation link can't be used."
          : "Activate it here, then log in with your username and password."
      }
    >
      <div className="space-y-4">
        {status === "checking" || status === "activating" ? (
          <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" role="status">
            <Spinner /> {status === "checking" ? "Checking your activation link…" : "Activating your account…"}
          </p>
        ) : null}
        {status === "ready" ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Press the button to activate your account.</p>
        ) : null}
        {status === "missing" ? <LinkProblem kind="activation" message={MESSAGES.activationLinkInvalid} /> : null}
        {status === "dead-link" && error ? <LinkProblem kind="activation" message={error} /> : null}
        {status === "success" ? (
          <Alert tone="success" testId="form-message">
            {MESSAGES.activationSuccess}
          </Alert>
        ) : null}
        {status === "error" && error ? (
          <Alert tone="error" testId="form-message">
            {error}
          </Alert>
        ) : null}
        {token && (status === "ready" || status === "activating" || status === "error") ? (
          <Button
            size="lg"
            className="w-full"
            loading={status === "activating"}
            onClick={() => void activate(token)}
            data-testid="activate-button"
          >
            Activate Account
          </Button>
        ) : null}
        {status === "success" ? (
          <RouteLink to="/login" className={buttonClasses("primary", "lg", "w-full")}>
            Go to login
          </RouteLink>
        ) : null}
      </div>
    </AuthCard>
  );
}
