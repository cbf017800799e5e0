/**
 * What a widget route shows once the page runs: the widget itself (transparent, for OBS) when its URL says
 * enough, otherwise, or with `?setup`, its URL builder. Each view is its own chunk, so an OBS source loads
 * only its widget's code.
 */
import { Spinner } from "@portfolio/ui";
import { type ComponentType, lazy, type ReactNode, Suspense, useMemo } from "react";
import { lazyPage } from "../../routes/lazy-page.tsx";
import { Preloaded } from "../../routes/preloaded.tsx";
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
// Builders are prerendered: preloaded before hydration (preloadBuilder), they hydrate in the same pass.
const ChatBuilder = lazyPage(() => import("./builder/ChatBuilder.tsx"));
const CountdownBuilder = lazyPage(() => import("./builder/CountdownBuilder.tsx"));
const CatBuilder = lazyPage(() => import("./builder/CatBuilder.tsx"));
const HeartBuilder = lazyPage(() => import("./builder/HeartBuilder.tsx"));
const BUILDERS = { chat: ChatBuilder, countdown: CountdownBuilder, cat: CatBuilder, heart: HeartBuilder };

/** Loads a widget's builder chunk (before hydrating its prerendered builder). */
export function preloadBuilder(kind: WidgetKind): Promise<void> {
  return BUILDERS[kind].preload();
}

function Overlay({ kind, children }: { kind: WidgetKind; children: ReactNode }) {
  return (
    <main id="main" className="h-dvh" data-widget={WIDGET_INFO[kind].path}>
      <OverlayStyles />
      <h1 className="sr-only">{WIDGET_INFO[kind].name}</h1>
      <Suspense fallback={null}>{children}</Suspense>
    </main>
  );
}

function BuilderLoading() {
  return (
    <div className="flex justify-center py-24 text-indigo-600 dark:text-indigo-400" role="status">
      <Spinner className="size-8" />
      <span className="sr-only">Loading the widget builder…</span>
    </div>
  );
}

export interface WidgetScreenProps {
  kind: WidgetKind;
  search: string;
  /** Wraps the URL builder in the site's page frame (the widget itself has none). */
  builderFrame: ComponentType<{ children: ReactNode }>;
}

export function WidgetScreen({ kind, search, builderFrame: Frame }: WidgetScreenProps) {
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setup = params.has("setup");
  const builder = (node: ReactNode) => (
    <Frame>
      <Suspense fallback={<BuilderLoading />}>{node}</Suspense>
    </Frame>
  );

  switch (kind) {
    case "chat": {
      const options = readChatOptions(params);
      return !setup && chatIsConfigured(options) ? (
        <Overlay kind={kind}>
          <ChatWidget options={options} />
        </Overlay>
      ) : (
        builder(<Preloaded component={ChatBuilder} props={{ initial: options }} />)
      );
    }
    case "countdown": {
      const options = readCountdownOptions(params);
      return !setup && countdownIsConfigured(options) ? (
        <Overlay kind={kind}>
          <CountdownWidget options={options} />
        </Overlay>
      ) : (
        builder(<Preloaded component={CountdownBuilder} props={{ initial: options }} />)
      );
    }
    case "cat": {
      const options = readCatOptions(params);
      return setup ? (
        builder(<Preloaded component={CatBuilder} props={{ initial: options }} />)
      ) : (
        <Overlay kind={kind}>
          <CatWidget options={options} />
        </Overlay>
      );
    }
    case "heart": {
      const options = readHeartOptions(params);
      return !setup && heartIsConfigured(options) ? (
        <Overlay kind={kind}>
          <HeartWidget options={options} />
        </Overlay>
      ) : (
        builder(<Preloaded component={HeartBuilder} props={{ initial: options }} />)
      );
    }
  }
}
