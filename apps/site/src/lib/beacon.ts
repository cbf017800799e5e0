/**
 * The public site's visit beacon (docs/design.md section 10): one `navigator.sendBeacon` per page shown (after
 * the page has loaded and the browser is idle, so it never delays it), and one when a project's Code or Demo
 * link is followed (on its card or on its own page). No cookie, no storage; nothing at all from the admin panel or the account page, and
 * nothing when the browser asks not to be tracked (the server also refuses those, and signed-in staff).
 * Kept tiny and free of imports: every page loads it once hydrated (App.tsx), outside its first load.
 */

type Kind = "view" | "code" | "demo" | "widget" | "shuffler";

/** The id prefix of a project's article (ProjectCard's projectElementId): written here, the beacon imports nothing. */
const PROJECT_ID_PREFIX = "project-";
const PRIVATE = /^\/(admin|account)(\/|$)/i;
let referrer: string | undefined = typeof document === "undefined" ? undefined : document.referrer || undefined;

function optedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.globalPrivacyControl === true || nav.doNotTrack === "1";
}

export function sendVisit(kind: Kind, projectId?: string): void {
  const { pathname, search } = location;
  if (PRIVATE.test(pathname) || optedOut() || !navigator.sendBeacon) return;
  const body: Record<string, string> = { path: (pathname + search).slice(0, 300), kind };
  // The referrer tells where a visit came from: sent with its first page only.
  if (referrer && kind !== "code" && kind !== "demo") {
    body.referrer = referrer.slice(0, 2000);
    referrer = undefined;
  }
  if (projectId) body.projectId = projectId;
  navigator.sendBeacon("/api/visits", new Blob([JSON.stringify(body)], { type: "application/json" }));
}

/** What a page is counted as: the widget builders and the shuffler say which they are. */
function kindOf(pathname: string): Kind {
  if (/^\/twitch\w*widget\/?$/i.test(pathname)) return "widget";
  if (/^\/playlist-shuffler\/?$/i.test(pathname)) return "shuffler";
  return "view";
}

/** Counts the page now shown, once the page has loaded and the browser is idle (and, from then on, project links followed). */
export function countPageView(): void {
  countOutboundClicks();
  const send = () => sendVisit(kindOf(location.pathname));
  const idle = () =>
    window.requestIdleCallback ? window.requestIdleCallback(send, { timeout: 5000 }) : setTimeout(send, 1);
  if (document.readyState === "complete") idle();
  else addEventListener("load", idle, { once: true });
}

/** Counts a project's Code or Demo link when followed (any button, Enter included: a click event either way). */
let listening = false;
function countOutboundClicks(): void {
  if (listening) return;
  listening = true;
  const follow = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.("a[data-visit]");
    // Whose link: the project's card on the home page, or its own page, is the article `project-<id>` around it.
    const project = link?.closest(`article[id^="${PROJECT_ID_PREFIX}"]`)?.id.slice(PROJECT_ID_PREFIX.length);
    const kind = link?.getAttribute("data-visit");
    if (project && (kind === "code" || kind === "demo")) sendVisit(kind, project);
  };
  addEventListener("click", follow, true);
  addEventListener("auxclick", follow, true);
}
