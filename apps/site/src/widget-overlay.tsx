/**
 * The overlay's own entry: what an OBS browser source on a widget's address loads and runs. React and the
 * widget, and nothing of the site (router, API client, pages, the site's data): the widget pages' HTML picks
 * this entry or the site's (widgetEntryScript in prerendered-builder.ts). Settings that show the URL builder
 * after all (nothing configured) hand over to the site's entry, whose address the page names.
 */
import { AuthProvider } from "@portfolio/ui";
import { type ReactNode, useEffect, useLayoutEffect } from "react";
import { createRoot } from "react-dom/client";
import { createApiClient } from "./lib/api.ts";
import { revealStalePrerender } from "./lib/stale-prerender.ts";
import { SITE_ENTRY_ATTRIBUTE } from "./tools/widgets/prerendered-builder.ts";
import { overlayFor } from "./tools/widgets/WidgetOverlay.tsx";
import { widgetKindForPath } from "./tools/widgets/widget-kinds.ts";

function Revealed({ children }: { children: ReactNode }) {
  // The builder's HTML was hidden before the first paint: shown again once the overlay replaced it.
  useLayoutEffect(revealStalePrerender, []);
  useEffect(() => {
    // The same marker as the site's (App.tsx), for tests and tools: rendered, handlers attached.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return children;
}

function startSite(): void {
  const script = document.createElement("script");
  script.type = "module";
  script.crossOrigin = "";
  script.src = document.documentElement.getAttribute(SITE_ENTRY_ATTRIBUTE) ?? "/";
  document.body.append(script);
}

const root = document.getElementById("root");
const kind = widgetKindForPath(window.location.pathname);
const overlay = kind ? overlayFor(kind, new URLSearchParams(window.location.search)) : null;
if (root && overlay) {
  root.replaceChildren();
  // The backend as the site reaches it (useApi): the cat asks it for the day's cat.
  createRoot(root).render(
    <AuthProvider api={createApiClient()}>
      <Revealed>{overlay}</Revealed>
    </AuthProvider>,
  );
} else startSite();
