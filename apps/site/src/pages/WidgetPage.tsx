/**
 * /twitchchatwidget, /twitchcountdownwidget, /twitchcotdwidget, /twitchheartwidget: full-height stream
 * widgets configured by URL parameters (or their URL builders). The prerendered page is transparent and empty,
 * so an OBS source never flashes anything before the widget starts.
 */
import { FloatingButtons, useHydrated } from "@portfolio/ui";
import type { ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { WidgetPlaceholder, WidgetScreen } from "../tools/widgets/WidgetScreen.tsx";
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

export default function WidgetPage() {
  const { pathname, search } = useLocation();
  const kind = widgetKindForPath(pathname) ?? "chat";
  const hydrated = useHydrated();
  if (!hydrated) return <WidgetPlaceholder kind={kind} />;
  return <WidgetScreen key={WIDGET_INFO[kind].path} kind={kind} search={search} builderFrame={BuilderFrame} />;
}
