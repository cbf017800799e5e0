/**
 * What a widget route shows once the page runs: the widget itself (transparent, for OBS) when its URL says
 * enough (WidgetOverlay.tsx), otherwise, or with `?setup`, its URL builder.
 */
import { Spinner } from "@portfolio/ui";
import { type ComponentType, type ReactNode, Suspense, useMemo } from "react";
import { lazyPage } from "../../routes/lazy-page.tsx";
import { Preloaded } from "../../routes/preloaded.tsx";
import { readCatOptions } from "./cat/cat-options.ts";
import { readChatOptions } from "./chat/chat-options.ts";
import { readCountdownOptions } from "./countdown/countdown-options.ts";
import { readHeartOptions } from "./heart/heart-options.ts";
import { overlayFor } from "./WidgetOverlay.tsx";
import type { WidgetKind } from "./widget-kinds.ts";

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

function builderFor(kind: WidgetKind, params: URLSearchParams): ReactNode {
  switch (kind) {
    case "chat":
      return <Preloaded component={ChatBuilder} props={{ initial: readChatOptions(params) }} />;
    case "countdown":
      return <Preloaded component={CountdownBuilder} props={{ initial: readCountdownOptions(params) }} />;
    case "cat":
      return <Preloaded component={CatBuilder} props={{ initial: readCatOptions(params) }} />;
    case "heart":
      return <Preloaded component={HeartBuilder} props={{ initial: readHeartOptions(params) }} />;
  }
}

export function WidgetScreen({ kind, search, builderFrame: Frame }: WidgetScreenProps) {
  const params = useMemo(() => new URLSearchParams(search), [search]);
  return (
    overlayFor(kind, params) ?? (
      <Frame>
        <Suspense fallback={<BuilderLoading />}>{builderFor(kind, params)}</Suspense>
      </Frame>
    )
  );
}
