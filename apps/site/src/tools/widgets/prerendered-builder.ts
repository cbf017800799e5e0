/**
 * A widget page's prerendered HTML is its URL builder with the default settings, so the builder paints before
 * any script runs. The same address with settings is the overlay an OBS source shows: a script in <head>
 * (widgetPrePaintScript) hides the builder's HTML on such a URL before the first paint, so an overlay never
 * flashes the builder, and the app renders the overlay fresh.
 */
import { STALE_PRERENDER_ATTRIBUTE, STALE_PRERENDER_STYLE_ID } from "../../lib/stale-prerender.ts";
import { builderPath } from "./builder/widget-url.ts";
import { SEE_THROUGH_PAGE } from "./WidgetStyles.tsx";
import { WIDGET_INFO, type WidgetKind } from "./widget-kinds.ts";

/**
 * The address the prerendered HTML shows. The cat's bare address is its overlay (it needs no settings), so its
 * builder is behind `?setup=1`; the other widgets show their builder until a setting is given.
 */
export function prerenderedSearch(kind: WidgetKind): string {
  return kind === "cat" ? builderPath(kind).slice(WIDGET_INFO[kind].path.length) : "";
}

/** Whether a URL's query shows exactly the prerendered builder: no settings, and `setup` where the bare address is the overlay. */
export function showsPrerenderedBuilder(kind: WidgetKind, search: string): boolean {
  const params = new URLSearchParams(search);
  const setup = params.has("setup");
  params.delete("setup");
  return params.toString() === "" && (setup || kind !== "cat");
}

const HIDE_PAGE = "#root{visibility:hidden}";

/**
 * The <head> script of a widget page: showsPrerenderedBuilder in ES5, marking a stale page (see
 * stale-prerender.ts). Byte-stable per widget: its SHA-256 goes into the Content-Security-Policy.
 */
export function widgetPrePaintScript(kind: WidgetKind): string {
  return [
    "(function(){",
    'var p=new URLSearchParams(location.search),s=p.has("setup");p.delete("setup");',
    `if(p.toString()===""&&(s||${kind !== "cat"}))return;`,
    `var d=document,e=d.createElement("style");e.id=${JSON.stringify(STALE_PRERENDER_STYLE_ID)};`,
    // Without `setup` the URL is most likely an OBS source: see-through from the first paint, as the overlay is.
    `e.textContent=${JSON.stringify(HIDE_PAGE)}+(s?"":${JSON.stringify(SEE_THROUGH_PAGE)});`,
    `d.head.appendChild(e);d.documentElement.setAttribute(${JSON.stringify(STALE_PRERENDER_ATTRIBUTE)},"")`,
    "})()",
  ].join("");
}

/** Where a widget page names the site's entry (for the overlay's entry to hand over to: widget-overlay.tsx). */
export const SITE_ENTRY_ATTRIBUTE = "data-site-entry";

/**
 * The script at the end of a widget page (after its HTML) that loads one entry: the overlay's own small one
 * (widget-overlay.tsx) on an overlay's address; on the builder's, the site's with its chunks for this page
 * (`sitePreloads`, fetched beside it). ES5, byte-stable per widget and build (its SHA-256 goes into the
 * Content-Security-Policy).
 */
export function widgetEntryScript(
  kind: WidgetKind,
  entries: { site: string; overlay: string; sitePreloads: readonly string[] },
): string {
  return [
    "(function(){",
    'var p=new URLSearchParams(location.search),s=p.has("setup");p.delete("setup");',
    `var o=!s&&(p.toString()!==""||${kind === "cat"}),d=document,e=d.createElement("script");`,
    `d.documentElement.setAttribute(${JSON.stringify(SITE_ENTRY_ATTRIBUTE)},${JSON.stringify(entries.site)});`,
    `if(!o)${JSON.stringify(entries.sitePreloads)}.forEach(function(h){`,
    'var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;d.head.appendChild(l)});',
    `e.type="module";e.crossOrigin="";e.src=o?${JSON.stringify(entries.overlay)}:${JSON.stringify(entries.site)};`,
    "d.body.appendChild(e)",
    "})()",
  ].join("");
}
