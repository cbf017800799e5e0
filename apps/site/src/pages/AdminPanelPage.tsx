/** /admin/settings for permitted staff: the shared admin panel (over the session's HTTP client). Its own chunk. */
import { AdminPanel, FloatingButtons } from "@portfolio/ui";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";

export default function AdminPanelPage() {
  const navigate = useNavigate();
  const goHome = useCallback(() => navigate("/", { replace: true }), [navigate]);
  return (
    <div className="relative flex min-h-dvh flex-col">
      <FloatingButtons left="home" />
      <main id="main" className="flex-1">
        <AdminPanel onLeave={goHome} />
      </main>
    </div>
  );
}
