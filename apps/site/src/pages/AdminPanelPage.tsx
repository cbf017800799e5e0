/** /admin/settings for permitted staff: the shared admin panel (over the session's HTTP client). Its own chunk. */
import { AdminPanel, FloatingButtons, useNavigate, useScrollPadding } from "@portfolio/ui";
import { useCallback } from "react";

/** The bar behind the floating buttons (h-19: top-4 + h-11 + 1rem): the panel scrolls under it, never under a button. */
const TOP_BAR_HEIGHT = "4.75rem";

export default function AdminPanelPage() {
  const navigate = useNavigate();
  const goHome = useCallback(() => navigate("/", { replace: true }), [navigate]);
  useScrollPadding("top", `calc(${TOP_BAR_HEIGHT} + 0.5rem)`);
  return (
    <div className="relative flex min-h-dvh flex-col">
      <div
        aria-hidden="true"
        data-floating-bar="top"
        className="fixed inset-x-0 top-0 z-30 h-19 border-b border-slate-200 bg-slate-50/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95"
      />
      <FloatingButtons left="home" />
      <main id="main" className="flex-1 pt-3">
        <AdminPanel onLeave={goHome} />
      </main>
    </div>
  );
}
