/**
 * The admin panel (spec section 2): Dashboard, Users (users:view), Projects (projects:view) and Settings,
 * with the profile bubble. It reaches the backend only through `useApi()` and the session through
 * `useAuth()`, so the site (HTTP) and the desktop app (IPC) mount the same component. The caller decides
 * where "home" is: `onLeave` runs after logout and when the viewer loses website:admin:view. A tab switch
 * and Logout ask 'Discard your changes?' first while a form on screen holds unsaved changes; the host wraps
 * the panel in `UnsavedChangesProvider`.
 */
import { decide, type RolesAnswer } from "@portfolio/core/domain";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { policyActor, useApi, useAuth } from "../auth/auth-context.tsx";
import { useScrollPadding } from "../components/use-scroll-padding.ts";
import { useDiscardGuard } from "../unsaved/UnsavedChangesProvider.tsx";
import { AdminTabs, panelId, tabId } from "./AdminTabs.tsx";
import { capabilitySummary } from "./capability-summary.ts";
import { DashboardTab } from "./dashboard/DashboardTab.tsx";
import { FeedbackProvider, FeedbackToast } from "./feedback.tsx";
import { PROFILE_BAR_HEIGHT, ProfileBubble } from "./ProfileBubble.tsx";
import { ProjectsTab } from "./projects/ProjectsTab.tsx";
import { SettingsTab } from "./settings/SettingsTab.tsx";
import { type AdminTab, tabFromHash, visibleTabs } from "./tabs.ts";
import { TrashTab } from "./trash/TrashTab.tsx";
import { useLoad } from "./use-load.ts";
import { DEFAULT_ROLE_SET, type RoleSet } from "./user-editor.ts";
import { UsersTab } from "./users/UsersTab.tsx";

export interface AdminPanelProps {
  /** Go to the public home page (after logout, or when the panel is no longer allowed). */
  onLeave: () => void;
}

function currentHash(): string {
  return typeof window === "undefined" ? "" : window.location.hash;
}

export function AdminPanel({ onLeave }: AdminPanelProps) {
  const api = useApi();
  const { user, logout, refresh, can } = useAuth();
  const permissions = user?.permissions ?? [];
  const roles = useLoad<RolesAnswer>(() => api.call("roles.list", {}));
  const roleSet: RoleSet = roles.data ?? DEFAULT_ROLE_SET;
  const tabs = useMemo(() => visibleTabs(permissions), [permissions]);
  const [tab, setTab] = useState<AdminTab>(() => tabFromHash(currentHash(), tabs));
  const allowed = can("admin.view");
  const permissionsRef = useRef(permissions);
  permissionsRef.current = permissions;
  // Focus and scrollIntoView keep controls above the profile bar (plus a little air).
  useScrollPadding("bottom", `calc(${PROFILE_BAR_HEIGHT} + 0.5rem)`);

  // A tab that is no longer visible (permissions changed) falls back to the first one.
  const shown = tabs.includes(tab) ? tab : (tabs[0] ?? "dashboard");

  const guard = useDiscardGuard();
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const showTab = useCallback((next: AdminTab) => {
    setTab(next);
    if (typeof window !== "undefined") window.history.replaceState(window.history.state, "", `#${next}`);
  }, []);
  // Switching tabs unmounts the tab's forms: their unsaved changes go only when the user says so.
  const select = useCallback(
    (next: AdminTab) => {
      if (next !== shownRef.current) void guard(() => showTab(next));
    },
    [guard, showTab],
  );

  // Links such as /admin/settings#users, and the browser's back and forward buttons. The hash has already
  // moved: Keep editing puts back the address that was shown (with its settings section, if any).
  useEffect(() => {
    const onHash = (event: HashChangeEvent) => {
      const next = tabFromHash(window.location.hash, visibleTabs(permissionsRef.current));
      if (next === shownRef.current) return;
      const before = new URL(event.oldURL).hash || `#${shownRef.current}`;
      void guard(() => setTab(next)).then((moved) => {
        if (!moved) window.history.replaceState(window.history.state, "", before);
      });
    };
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, [guard]);

  useEffect(() => {
    if (!allowed) onLeave();
  }, [allowed, onLeave]);

  /**
   * After any change: ask who I am first, and only while I may still see the panel fetch the roles again.
   * A change to my own permissions (a role edit that demotes me) sends me home without one more call that
   * the server would now refuse with 403.
   */
  const onChanged = useCallback(async () => {
    try {
      const me = await refresh();
      if (!decide(policyActor(me), "admin.view").allowed) return onLeave();
    } catch {
      // The server could not be reached; the next call will tell.
    }
    await roles.reload();
  }, [roles.reload, refresh, onLeave]);

  const leave = useCallback(async () => {
    await logout();
    onLeave();
  }, [logout, onLeave]);
  const askThenLeave = useCallback(async () => void (await guard(leave)), [guard, leave]);

  // Without the panel's permission nothing renders (no tab mounts and loads) while the effect above leaves.
  if (!user || !allowed) return null;
  const viewer = { id: user._id, permissions };

  return (
    <FeedbackProvider>
      <div className="mx-auto w-full max-w-7xl px-4 pt-20 pb-28 sm:px-6" data-testid="admin-panel">
        <header className="mb-6">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Admin panel</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Signed in as <strong className="font-semibold text-slate-900 dark:text-white">{user.username}</strong>.{" "}
            <span data-testid="admin-capabilities">{capabilitySummary(permissions)}</span>
          </p>
        </header>
        <AdminTabs tabs={tabs} current={shown} onSelect={select} />
        <div role="tabpanel" id={panelId(shown)} aria-labelledby={tabId(shown)} className="mt-6">
          {shown === "dashboard" ? <DashboardTab viewer={viewer} roles={roleSet} onChanged={onChanged} /> : null}
          {shown === "users" ? (
            <UsersTab viewer={viewer} roles={roleSet} onChanged={onChanged} onLoggedOut={leave} />
          ) : null}
          {shown === "projects" ? <ProjectsTab permissions={permissions} onChanged={onChanged} /> : null}
          {shown === "trash" ? <TrashTab onChanged={onChanged} /> : null}
          {shown === "settings" ? (
            <SettingsTab
              viewerPermissions={permissions}
              roles={roleSet}
              rolesError={roles.error}
              onChanged={onChanged}
              onLoggedOut={leave}
            />
          ) : null}
        </div>
      </div>
      <ProfileBubble user={user} roles={roleSet} onLogout={askThenLeave} />
      <FeedbackToast />
    </FeedbackProvider>
  );
}
