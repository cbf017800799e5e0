/** A widget as an overlay: transparent, for OBS, with its own CSS (WidgetStyles.tsx) and a heading for screen readers. */
import { type ReactNode, Suspense } from "react";
import { OverlayStyles } from "./WidgetStyles.tsx";
import { WIDGET_INFO, type WidgetKind } from "./widget-kinds.ts";

export default function Overlay({ kind, children }: { kind: WidgetKind; children: ReactNode }) {
  return (
    <main id="main" className="h-dvh" data-widget={WIDGET_INFO[kind].path}>
      <OverlayStyles />
      <h1 className="sr-only">{WIDGET_INFO[kind].name}</h1>
      <Suspense fallback={null}>{children}</Suspense>
    </main>
  );
}
