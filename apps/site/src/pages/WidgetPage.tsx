/** Placeholder for the full-height stream widget pages (a later issue builds them). */
import { useLocation } from "react-router-dom";

const NAMES: Record<string, string> = {
  "/twitchchatwidget": "Chat Box Widget",
  "/twitchcountdownwidget": "Countdown Widget",
  "/twitchcotdwidget": "Cat of the Day Widget",
  "/twitchheartwidget": "Heart Rate Widget",
};

export default function WidgetPage() {
  const { pathname } = useLocation();
  const name = NAMES[pathname.replace(/\/+$/, "").toLowerCase()] ?? "Stream Widget";
  return (
    <main id="main" className="flex h-dvh flex-col items-center justify-center p-6 text-center" data-widget={pathname}>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{name}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">This stream widget is coming soon.</p>
    </main>
  );
}
