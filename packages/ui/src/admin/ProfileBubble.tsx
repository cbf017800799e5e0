/** Bottom-left profile bubble: username, role badge, your account (the Settings tab's Account section), Logout. */
import { deriveRole, type SessionUser } from "@portfolio/core/domain";
import { useState } from "react";
import { buttonClasses } from "../components/Button.tsx";
import { LogOutIcon, UserIcon } from "../components/icons.tsx";
import { RoleBadge } from "./Badges.tsx";
import { sectionHash } from "./settings-sections.ts";
import type { RoleSet } from "./user-editor.ts";

/** Height of the bar that holds the bubble (h-16), kept clear at the bottom of the panel. */
export const PROFILE_BAR_HEIGHT = "4rem";

export function ProfileBubble({
  user,
  roles,
  onLogout,
}: {
  user: SessionUser;
  roles: RoleSet;
  onLogout: () => Promise<void>;
}) {
  const role = deriveRole(user.permissions, roles);
  const [busy, setBusy] = useState(false);
  // The bubble sits in a bar of its own along the bottom edge (PROFILE_BAR_HEIGHT, reserved below the
  // panel and as scroll padding), so it never floats over table rows or controls.
  return (
    <div
      data-floating-bar="bottom"
      className="fixed inset-x-0 bottom-0 z-30 flex h-16 items-center border-t border-slate-200 bg-slate-50/95 px-4 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95"
    >
      <aside
        aria-label="Your account"
        data-testid="profile-bubble"
        className="flex min-w-0 items-center gap-3 rounded-full border border-slate-200/80 bg-white/90 py-1.5 pr-1.5 pl-1.5 shadow-lg shadow-slate-900/5 dark:border-slate-700/80 dark:bg-slate-900/90 dark:shadow-black/30"
      >
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-fuchsia-500 text-sm font-bold text-white uppercase"
        >
          {user.username.slice(0, 1)}
        </span>
        <span className="flex min-w-0 flex-col">
          <span
            className="max-w-40 truncate text-sm font-semibold text-slate-900 dark:text-white"
            data-testid="profile-username"
          >
            {user.username}
          </span>
          <span>
            <RoleBadge roleKey={role} role={roles[role]} />
          </span>
        </span>
        <a
          href={sectionHash("account")}
          className={buttonClasses("ghost", "sm", "rounded-full")}
          data-testid="profile-account-link"
        >
          <UserIcon size={16} />
          <span className="max-sm:sr-only">Account</span>
        </a>
        <button
          type="button"
          className={buttonClasses("secondary", "sm", "rounded-full")}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await onLogout();
          }}
        >
          <LogOutIcon size={16} />
          Logout
        </button>
      </aside>
    </div>
  );
}
