/** The Settings tab: role and permission editor, general settings (the site profile), and your account. */
import type { RoleSet } from "../user-editor.ts";
import { AccountSection } from "./AccountSection.tsx";
import { RolesSection } from "./RolesSection.tsx";
import { SiteProfileSection } from "./SiteProfileSection.tsx";

export function SettingsTab({
  viewerPermissions,
  roles,
  onChanged,
  onLoggedOut,
}: {
  viewerPermissions: readonly string[];
  roles: RoleSet;
  onChanged: () => Promise<void>;
  onLoggedOut: () => Promise<void>;
}) {
  return (
    <div className="space-y-10">
      <RolesSection viewerPermissions={viewerPermissions} roles={roles} onChanged={onChanged} />
      <section aria-labelledby="general-heading" className="space-y-4">
        <h2 id="general-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Site and account
        </h2>
        <SiteProfileSection />
        <AccountSection onLoggedOut={onLoggedOut} />
      </section>
    </div>
  );
}
