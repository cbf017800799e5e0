/**
 * CSS the widgets need beyond the site's: a transparent page for OBS browser sources (and no dark
 * colour-scheme canvas behind it), a readable text outline, and the heartbeat. Inline <style> (the CSP allows
 * inline styles) so it is in the prerendered HTML before any script runs.
 */

const KEYFRAMES = `
.widget-text{color:#fff;text-shadow:0 1px 2px rgb(0 0 0/.9),0 0 8px rgb(0 0 0/.55)}
@keyframes widget-heartbeat{0%{transform:scale(1)}14%{transform:scale(1.18)}28%{transform:scale(1)}42%{transform:scale(1.1)}70%,100%{transform:scale(1)}}
.widget-heartbeat{animation:widget-heartbeat 1s ease-in-out infinite;transform-origin:center}
@keyframes widget-in{from{opacity:0;transform:translateY(6px)}}
.widget-in{animation:widget-in .25s ease-out}
@media (prefers-reduced-motion:reduce){.widget-heartbeat,.widget-in{animation:none}}
`;

const TRANSPARENT = "html,body{background:transparent!important;color-scheme:normal!important}";

export function WidgetKeyframes() {
  return <style>{KEYFRAMES}</style>;
}

/** Only on the widget itself, never on its URL builder. */
export function TransparentPage() {
  return <style>{TRANSPARENT}</style>;
}
