/**
 * The account page of every signed-in user (the site's /account): change your password, see
 * and end your sessions. The same cards as the admin panel's Account and Sessions sections, so a plain user
 * (who cannot open the panel) has them too. The host gives `onLoggedOut`: where to go after ending the
 * session this page runs in.
 */

import { FeedbackProvider, FeedbackToast } from "../admin/feedback.tsx";
import { PasswordCard, SessionsCard } from "../admin/settings/AccountSection.tsx";
import { useAuth } from "../auth/auth-context.tsx";
import { AccountSecurity } from "./AccountSecurity.tsx";

export function AccountOverview({ onLoggedOut }: { onLoggedOut: () => Promise<void> }) {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <FeedbackProvider>
      <div className="space-y-6" data-testid="account-page">
        <header>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Your account</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Signed in as <strong className="font-semibold text-slate-900 dark:text-white">{user.username}</strong>.
            Change your password, set up two-factor authentication, and see and end your sessions.
          </p>
        </header>
        <PasswordCard />
        <AccountSecurity />
        <SessionsCard onLoggedOut={onLoggedOut} />
      </div>
      <FeedbackToast />
    </FeedbackProvider>
  );
}
