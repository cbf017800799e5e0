/**
 * The Settings tab: role and permission editor, general settings (the site profile, and Connect Twitch for the
 * owner), and your account.
 */
import { useCan } from "../../auth/auth-context.tsx";
import { needsConnection } from "../../sync/needs-connection.ts";
import { NeedsConnectionBlock } from "../States.tsx";
import type { RoleSet } from "../user-editor.ts";
import { AccountSection } from "./AccountSection.tsx";
import { RolesSection } from "./RolesSection.tsx";
import { SiteProfileSection } from "./SiteProfileSection.tsx";
import { TwitchConnectCard } from "./TwitchConnectCard.tsx";

export function SettingsTab({
  viewerPermissions,
  roles,
  onChanged,
  onLoggedOut,
  rolesError,
}: {
  viewerPermissions: readonly string[];
  roles: RoleSet;
  onChanged: () => Promise<void>;
  onLoggedOut: () => Promise<void>;
  /** Why the roles did not load: offline in the desktop app, the editor gives way to 'Needs a connection'. */
  rolesError?: unknown;
}) {
  const ownsTwitch = useCan("twitch.connect");
  return (
    <div className="space-y-10">
      {needsConnection(rolesError) ? (
        <section aria-labelledby="roles-heading" className="space-y-4">
          <h2 id="roles-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            Roles and permissions
          </h2>
          <NeedsConnectionBlock onRetry={onChanged} />
        </section>
      ) : (
        <RolesSection viewerPermissions={viewerPermissions} roles={roles} onChanged={onChanged} />
      )}
      <section aria-labelledby="general-heading" className="space-y-4">
        <h2 id="general-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Site and account
        </h2>
        <SiteProfileSection />
        {ownsTwitch ? <TwitchConnectCard /> : null}
        <AccountSection onLoggedOut={onLoggedOut} />
      </section>
    </div>
  );
}
