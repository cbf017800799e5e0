/**
 * /account: the account page of every signed-in user, plain users included, who cannot open
 * the admin panel: change your password, see and end your sessions. Logged out it asks you to log in.
 * Prerendered quiet (the session is not known then) and noindex.
 */
import { buttonClasses, LoadingGate, RouteLink, useAuth, useNavigate } from "@portfolio/ui";
import { lazy, Suspense, useCallback } from "react";
import { PageShell } from "./PageShell.tsx";

/**
 * The signed-in user's settings (password, second factors and passkeys, sessions): a chunk of its own, fetched
 * once the session is known, so the page a visitor opens before logging in does not carry it.
 */
const AccountOverview = lazy(() =>
  import("@portfolio/ui/account/AccountOverview.tsx").then((module) => ({ default: module.AccountOverview })),
);

export const ACCOUNT_LOGIN_PROMPT = "Log in to change your password and see your sessions.";

export default function AccountPage() {
  const { isLoading, isLoggedIn } = useAuth();
  const navigate = useNavigate();
  const goHome = useCallback(async () => navigate("/", { replace: true }), [navigate]);
  return (
    <PageShell>
      <LoadingGate done={!isLoading} label="Loading your account">
        {isLoggedIn ? (
          <Suspense fallback={null}>
            <AccountOverview onLoggedOut={goHome} />
          </Suspense>
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
