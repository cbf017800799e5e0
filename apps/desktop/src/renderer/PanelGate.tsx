/**
 * Mounts the admin panel once the session check has answered, as the site's AdminRoute does (the panel
 * leaves at once for a viewer without website:admin:view, and while the check runs there is no viewer).
 */
import { AdminPanel, Button, Spinner, useAuth } from "@portfolio/ui";

export function PanelGate({ onLeave, onRetry }: { onLeave: () => void; onRetry: () => void }) {
  const { isLoading, isLoggedIn, can } = useAuth();
  if (isLoading)
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-16 text-slate-600 dark:text-slate-400">
        <Spinner className="size-5" />
        Opening the admin panel…
      </p>
    );
  if (!isLoggedIn || !can("admin.view")) return <PanelClosed onOpen={onRetry} />;
  return <AdminPanel onLeave={onLeave} />;
}

export function PanelClosed({ onOpen }: { onOpen: () => void }) {
  return (
    <div className="mx-auto max-w-md px-6 py-20 text-center">
      <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">The admin panel is closed</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">Your changes on this computer are kept.</p>
      <Button className="mt-4" onClick={onOpen}>
        Open the admin panel
      </Button>
    </div>
  );
}
