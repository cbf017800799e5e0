/** /activate-account?token=…: activates on load, redirects to /login 3 s after success; manual button too. */
import { MESSAGES } from "@portfolio/core/domain";
import { Alert, Button, buttonClasses, errorMessage, Spinner, useAuth, useHydrated } from "@portfolio/ui";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { AuthCard } from "./AuthCard.tsx";

export const ACTIVATION_REDIRECT_MS = 3000;

type Status = "checking" | "missing" | "activating" | "success" | "error";

export default function ActivateAccountPage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { api } = useAuth();
  const [status, setStatus] = useState<Status>("checking");
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const token = hydrated ? (params.get("token") ?? "").trim() : null;

  const activate = useCallback(
    async (value: string) => {
      setStatus("activating");
      setError(null);
      try {
        await api.activateAccount(value);
        setStatus("success");
      } catch (failure) {
        setError(errorMessage(failure, MESSAGES.activationFailed));
        setStatus("error");
      }
    },
    [api],
  );

  useEffect(() => {
    if (token === null || started.current) return;
    started.current = true;
    if (token === "") setStatus("missing");
    else void activate(token);
  }, [token, activate]);

  useEffect(() => {
    if (status !== "success") return;
    const timer = setTimeout(() => navigate("/login"), ACTIVATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  return (
    <AuthCard title="Activate your account" subtitle="One click and you're in.">
      <div className="space-y-4">
        {status === "checking" || status === "activating" ? (
          <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" role="status">
            <Spinner /> {status === "checking" ? "Checking your activation link…" : "Activating your account…"}
          </p>
        ) : null}
        {status === "missing" ? (
          <>
            <Alert tone="error" testId="form-message">
              {MESSAGES.activationLinkInvalid}
            </Alert>
            <Link to="/login?mode=signup" className={buttonClasses("secondary", "lg", "w-full")}>
              Sign up again
            </Link>
          </>
        ) : null}
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
        {token && status !== "success" ? (
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
          <Link to="/login" className={buttonClasses("primary", "lg", "w-full")}>
            Go to login
          </Link>
        ) : null}
      </div>
    </AuthCard>
  );
}
