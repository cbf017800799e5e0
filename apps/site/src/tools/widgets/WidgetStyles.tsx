/**
 * An overlay's own CSS, inline (the CSP allows inline styles): a transparent page for OBS browser sources (and
 * no dark colour-scheme canvas behind it), and widgets.css, so the overlay never waits for the site's
 * stylesheet. Rendered with the overlay only, never in the prerendered HTML.
 */
import widgetCss from "./widgets.css?inline";

/** See-through for OBS: no page background and no dark colour-scheme canvas (also before the first paint). */
export const SEE_THROUGH_PAGE = "html,body{background:transparent!important;color-scheme:normal!important}";

export function OverlayStyles() {
  return <style>{`${SEE_THROUGH_PAGE}${widgetCss}`}</style>;
}
