/** Placeholder for the admin panel (issue 4 replaces it); loaded lazily, only for permitted staff. */
import { DEFAULT_ROLES, deriveRole } from "@portfolio/core/domain";
import { Button, ShieldIcon, useAuth } from "@portfolio/ui";
import { useNavigate } from "react-router-dom";
import { PageShell } from "./PageShell.tsx";

export default function AdminPanelPage() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const role = DEFAULT_ROLES[deriveRole(user?.permissions)].name;
  return (
    <PageShell wide>
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <div className="flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
            <ShieldIcon />
          </span>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Admin panel</h1>
        </div>
        <p className="mt-4 text-slate-600 dark:text-slate-400">
          Signed in as <strong className="text-slate-900 dark:text-white">{user?.username}</strong> ({role}). The full
          panel is on its way.
        </p>
        <Button
          variant="secondary"
          className="mt-6"
          onClick={async () => {
            await logout();
            navigate("/");
          }}
        >
          Logout
        </Button>
      </div>
    </PageShell>
  );
}
