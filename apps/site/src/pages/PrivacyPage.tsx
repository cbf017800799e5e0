/** /privacy: what the site counts about visits and what it does not (docs/design.md section 10). */
import { cx, FOCUS_RING, RouteLink } from "@portfolio/ui";
import { PageShell } from "./PageShell.tsx";

const link = cx("rounded text-indigo-700 underline dark:text-indigo-300", FOCUS_RING);

export default function PrivacyPage() {
  return (
    <PageShell>
      <article className="space-y-4 text-slate-800 dark:text-slate-200">
        <h1 className="font-bold text-3xl text-slate-900 dark:text-white">Privacy</h1>
        <p>
          This site counts visits so its owner can tell which pages and projects people look at. It does so without
          cookies, without storing anything in your browser and without any third party.
        </p>
        <h2 className="font-semibold text-xl text-slate-900 dark:text-white">What is counted</h2>
        <ul className="list-disc space-y-1 pl-6">
          <li>Each page shown, and each project's Code or Demo link followed, as a number per day.</li>
          <li>
            Where a visit came from: the website's name only (not the whole address), and a campaign name given as
            utm_source in the link.
          </li>
          <li>The kind of device: desktop, mobile or tablet, read from your browser's user agent.</li>
          <li>
            How many different visitors came that day. To tell them apart, the server mixes your network address and
            user agent with a random value made for that day alone, and keeps only the result. The random value is
            deleted the next day, so no visitor can be recognised on another day or followed across days.
          </li>
        </ul>
        <h2 className="font-semibold text-xl text-slate-900 dark:text-white">What is not</h2>
        <ul className="list-disc space-y-1 pl-6">
          <li>Your network address is never stored or written to a log.</li>
          <li>No cookie, no local storage, no fingerprinting, no advertising, no data shared with anyone.</li>
          <li>
            Nothing at all when your browser sends Global Privacy Control or Do Not Track, from search engines and other
            bots, or from the site's own staff while signed in.
          </li>
          <li>Only daily totals are kept, and only for two years unless the owner chooses otherwise.</li>
        </ul>
        <p>
          <RouteLink to="/" className={link}>
            Back to the projects
          </RouteLink>
        </p>
      </article>
    </PageShell>
  );
}
