/**
 * A prerendered page whose HTML is not what its URL shows (a widget page opened with overlay settings: the
 * HTML holds the URL builder). A script in <head> marks it before the first paint and hides it; the app then
 * renders it fresh instead of hydrating, and the page reveals itself once the right view is in.
 */
export const STALE_PRERENDER_ATTRIBUTE = "data-prerender-stale";
/** The <style> that hides the stale HTML (and, for an overlay, keeps the page see-through). */
export const STALE_PRERENDER_STYLE_ID = "prerender-stale";

export function prerenderIsStale(): boolean {
  return document.documentElement.hasAttribute(STALE_PRERENDER_ATTRIBUTE);
}

/** Shows the page again: call once the view the URL asks for is rendered (before the browser paints). */
export function revealStalePrerender(): void {
  document.getElementById(STALE_PRERENDER_STYLE_ID)?.remove();
  document.documentElement.removeAttribute(STALE_PRERENDER_ATTRIBUTE);
}
