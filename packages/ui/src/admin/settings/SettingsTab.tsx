/**
 * The Settings tab, in sections with their own navigation: Roles, Site, Twitch and Security (the owner),
 * Account and Sessions and devices, each at `#settings/<section>`. Only the section shown is mounted, so a
 * switch asks 'Discard your changes?' first while its form holds unsaved changes, like a tab switch.
 */

import { decide } from "@portfolio/core/domain";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { needsConnection } from "../../sync/needs-connection.ts";
import { useDiscardGuard } from "../../unsaved/UnsavedChangesProvider.tsx";
import { NeedsConnectionBlock } from "../States.tsx";
import {
  SECTION_DESCRIPTIONS,
  type SettingsSection,
  sectionFromHash,
  sectionHash,
  visibleSections,
} from "../settings-sections.ts";
import type { RoleSet } from "../user-editor.ts";
import { DeviceTokensCard, PasswordCard, SessionsCard } from "./AccountSection.tsx";
import { RolesSection } from "./RolesSection.tsx";
import { SecuritySection } from "./SecuritySection.tsx";
import { SettingsNav } from "./SettingsNav.tsx";
import { SiteProfileSection } from "./SiteProfileSection.tsx";
import { TwitchConnectCard } from "./TwitchConnectCard.tsx";
import { VisitorCountingCard } from "./VisitorCountingCard.tsx";

const HEADINGS: Record<SettingsSection, string> = {
  roles: "Roles and permissions",
  site: "Site profile",
  twitch: "Twitch",
  security: "Sign-in security",
  account: "Account",
  sessions: "Sessions and devices",
};

function currentHash(): string {
  return typeof window === "undefined" ? "" : window.location.hash;
}

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
  const sections = useMemo(() => visibleSections(viewerPermissions), [viewerPermissions]);
  const [section, setSection] = useState<SettingsSection>(() => sectionFromHash(currentHash(), sections));
  const shown = sections.includes(section) ? section : (sections[0] ?? "roles");
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const sectionsRef = useRef(sections);
  sectionsRef.current = sections;
  const guard = useDiscardGuard();

  const select = useCallback(
    (next: SettingsSection) => {
      if (next === shownRef.current) return;
      void guard(() => {
        setSection(next);
        window.history.replaceState(window.history.state, "", sectionHash(next));
      });
    },
    [guard],
  );

  // A typed or pasted '#settings/<section>', and Back and Forward between sections. Another tab's hash is
  // the panel's to handle. Keep editing puts the address back.
  useEffect(() => {
    const onHash = (event: HashChangeEvent) => {
      if (!window.location.hash.toLowerCase().startsWith("#settings")) return;
      const next = sectionFromHash(window.location.hash, sectionsRef.current);
      if (next === shownRef.current) return;
      const before = new URL(event.oldURL).hash;
      void guard(() => setSection(next)).then((moved) => {
        if (!moved) window.history.replaceState(window.history.state, "", before);
      });
    };
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, [guard]);

  const headingId = `settings-${shown}-heading`;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[12rem_minmax(0,1fr)]">
      <SettingsNav sections={sections} current={shown} onSelect={select} />
      <section aria-labelledby={headingId} className="min-w-0 space-y-4" data-testid={`settings-${shown}`}>
        <div>
          <h2 id={headingId} className="text-xl font-semibold text-slate-900 dark:text-white">
            {HEADINGS[shown]}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{SECTION_DESCRIPTIONS[shown]}</p>
        </div>
        {shown === "roles" ? (
          needsConnection(rolesError) ? (
            <NeedsConnectionBlock onRetry={onChanged} />
          ) : (
            <RolesSection viewerPermissions={viewerPermissions} roles={roles} onChanged={onChanged} />
          )
        ) : null}
        {shown === "site" ? <SiteProfileSection /> : null}
        {shown === "site" &&
        decide({ kind: "user", id: "", permissions: viewerPermissions }, "analytics.manage").allowed ? (
          <VisitorCountingCard />
        ) : null}
        {shown === "twitch" ? <TwitchConnectCard /> : null}
        {shown === "security" ? <SecuritySection /> : null}
        {shown === "account" ? <PasswordCard /> : null}
        {shown === "sessions" ? (
          <div className="grid gap-4 xl:grid-cols-2">
            <SessionsCard onLoggedOut={onLoggedOut} />
            <DeviceTokensCard />
          </div>
        ) : null}
      </section>
    </div>
  );
}
