/**
 * /account: the account page of every signed-in user (issue 22 §5), plain users included, who cannot open
 * the admin panel: change your password, see and end your sessions. Logged out it asks you to log in.
 * Prerendered quiet (the session is not known then) and noindex.
 */
import { AccountOverview, buttonClasses, LoadingGate, RouteLink, useAuth } from "@portfolio/ui";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { PageShell } from "./PageShell.tsx";

export const ACCOUNT_LOGIN_PROMPT = "Log in to change your password and see your sessions.";

export default function AccountPage() {
  const { isLoading, isLoggedIn } = useAuth();
  const navigate = useNavigate();
  const goHome = useCallback(async () => navigate("/", { replace: true }), [navigate]);
  return (
    <PageShell>
      <LoadingGate done={!isLoading} label="Loading your account">
        {isLoggedIn ? (
          <AccountOverview onLoggedOut={goHome} />
        ) : (
          <div className="space-y-4" data-testid="account-login-prompt">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Your account</h1>
            <p className="text-slate-700 dark:text-slate-300">{ACCOUNT_LOGIN_PROMPT}</p>
            <RouteLink to="/login" className={buttonClasses("primary", "lg")}>
              Log in
            </RouteLink>
          </div>
        )}
      </LoadingGate>
    </PageShell>
  );
}
