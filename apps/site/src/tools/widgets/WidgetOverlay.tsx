/**
 * A widget as an overlay (transparent, for OBS) when its URL says enough. Each widget is its own chunk, so a
 * browser source loads only its widget's code. Shared by the site's widget route (WidgetScreen.tsx) and the
 * overlay's own small entry (widget-overlay.tsx).
 */
import { lazy, type ReactNode, Suspense } from "react";
import { readCatOptions } from "./cat/cat-options.ts";
import { chatIsConfigured, readChatOptions } from "./chat/chat-options.ts";
import { countdownIsConfigured, readCountdownOptions } from "./countdown/countdown-options.ts";
import { heartIsConfigured, readHeartOptions } from "./heart/heart-options.ts";
import { OverlayStyles } from "./WidgetStyles.tsx";
import { WIDGET_INFO, type WidgetKind } from "./widget-kinds.ts";

const ChatWidget = lazy(() => import("./chat/ChatWidget.tsx"));
const CountdownWidget = lazy(() => import("./countdown/CountdownWidget.tsx"));
const CatWidget = lazy(() => import("./cat/CatWidget.tsx"));
const HeartWidget = lazy(() => import("./heart/HeartWidget.tsx"));

function Overlay({ kind, children }: { kind: WidgetKind; children: ReactNode }) {
  return (
    <main id="main" className="h-dvh" data-widget={WIDGET_INFO[kind].path}>
      <OverlayStyles />
      <h1 className="sr-only">{WIDGET_INFO[kind].name}</h1>
      <Suspense fallback={null}>{children}</Suspense>
    </main>
  );
}

/** The overlay these settings show, or null when they show the URL builder (`setup`, or not enough set). */
export function overlayFor(kind: WidgetKind, params: URLSearchParams): ReactNode | null {
  if (params.has("setup")) return null;
  switch (kind) {
    case "chat": {
      const options = readChatOptions(params);
      return chatIsConfigured(options) ? (
        <Overlay kind={kind}>
          <ChatWidget options={options} />
        </Overlay>
      ) : null;
    }
    case "countdown": {
      const options = readCountdownOptions(params);
      return countdownIsConfigured(options) ? (
        <Overlay kind={kind}>
          <CountdownWidget options={options} />
        </Overlay>
      ) : null;
    }
    case "cat":
      return (
        <Overlay kind={kind}>
          <CatWidget options={readCatOptions(params)} />
        </Overlay>
      );
    case "heart": {
      const options = readHeartOptions(params);
      return heartIsConfigured(options) ? (
        <Overlay kind={kind}>
          <HeartWidget options={options} />
        </Overlay>
      ) : null;
    }
  }
}
