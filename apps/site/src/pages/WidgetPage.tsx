/**
 * /twitchchatwidget, /twitchcountdownwidget, /twitchcotdwidget, /twitchheartwidget: full-height stream
 * widgets configured by URL parameters (or their URL builders). The prerendered page is the URL builder; on an
 * overlay's address its <head> script hides that HTML before the first paint (prerendered-builder.ts), so an OBS
 * source never flashes the builder, and the app renders the overlay fresh.
 */
import { FloatingButtons, useHydrated, useLocation } from "@portfolio/ui";
import { type ReactNode, useLayoutEffect } from "react";
import { prerenderIsStale, revealStalePrerender } from "../lib/stale-prerender.ts";
import { prerenderedSearch } from "../tools/widgets/prerendered-builder.ts";
import { preloadBuilder, WidgetScreen } from "../tools/widgets/WidgetScreen.tsx";
import { WIDGET_INFO, widgetKindForPath } from "../tools/widgets/widget-kinds.ts";

function BuilderFrame({ children }: { children: ReactNode }) {
  return (
    <div className="relative flex min-h-dvh flex-col">
      <FloatingButtons left="home" />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pt-24 pb-16 sm:px-6">
        {children}
      </main>
    </div>
  );
}

/** Before hydrating a prerendered builder: its chunk too, so hydration renders it in one pass (main.tsx). */
export function preloadPrerenderedView(pathname: string): Promise<void> {
  const kind = widgetKindForPath(pathname);
  return kind && !prerenderIsStale() ? preloadBuilder(kind) : Promise.resolve();
}

export default function WidgetPage() {
  const { pathname, search } = useLocation();
  const kind = widgetKindForPath(pathname) ?? "chat";
  // Prerendering and hydrating show the prerendered builder (hydration only happens on an address that shows
  // it: see main.tsx); then the address's own view, the same builder there, so nothing is rebuilt.
  const shown = useHydrated() ? search : prerenderedSearch(kind);
  useLayoutEffect(revealStalePrerender, []);
  return <WidgetScreen key={WIDGET_INFO[kind].path} kind={kind} search={shown} builderFrame={BuilderFrame} />;
}
