import { cx, FOCUS_RING, RouteLink, useHydrated } from "@portfolio/ui";
import type { SiteSettings } from "../../settings/site-settings.ts";

export function Footer({ settings, builtAt }: { settings: SiteSettings; builtAt: string }) {
  // The build year in the prerendered HTML, the visitor's year once running.
  const year = useHydrated() ? new Date().getFullYear() : new Date(builtAt).getFullYear();
  const source = settings.socialLinks.find((l) => l.name === "GitHub");
  const link = cx("rounded hover:text-slate-900 hover:underline dark:hover:text-white", FOCUS_RING);
  return (
    // Always below the first screen: the prerendered page's inline critical CSS leaves it out.
    <footer
      data-below-fold=""
      className="border-t border-slate-200 py-8 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400"
    >
      <div className="mx-auto flex max-w-5xl flex-col items-center justify-between gap-3 px-6 sm:flex-row">
        <p>
          © <span>{year}</span> {settings.ownerName}. Built with React, TypeScript and Tailwind CSS.
        </p>
        <nav aria-label="Footer" className="flex gap-4">
          <RouteLink to="/calendar" className={link}>
            Calendar
          </RouteLink>
          <RouteLink to="/privacy" className={link}>
            Privacy
          </RouteLink>
          <a href={`mailto:${settings.businessEmail}`} className={link}>
            Contact
          </a>
          {source ? (
            <a href={source.url} target="_blank" rel="noopener noreferrer" className={link}>
              Source<span className="sr-only"> on GitHub (opens in a new tab)</span>
            </a>
          ) : null}
        </nav>
      </div>
    </footer>
  );
}
