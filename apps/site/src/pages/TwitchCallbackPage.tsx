/** Placeholder for the Twitch authorization result page (a later issue builds it). */
import { buttonClasses } from "@portfolio/ui";
import { Link } from "react-router-dom";
import { PageShell } from "./PageShell.tsx";

export default function TwitchCallbackPage() {
  return (
    <PageShell>
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Twitch Authorization</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">Processing Twitch authorizations is coming soon.</p>
        <Link to="/" className={buttonClasses("secondary", "md", "mt-6")}>
          Return to Home
        </Link>
      </div>
    </PageShell>
  );
}
