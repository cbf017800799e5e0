/**
 * What a widget route shows once the page runs: the widget itself (transparent, for OBS) when its URL says
 * enough, otherwise, or with `?setup`, its URL builder. Each kind is a chunk of its own (screens/), so a
 * widget's page loads only its own options and builder.
 */
import { Spinner } from "@portfolio/ui";
import { type ComponentType, type ReactNode, Suspense, useMemo } from "react";
import { lazyPage } from "../../routes/lazy-page.tsx";
import { Preloaded } from "../../routes/preloaded.tsx";
import type { ScreenProps } from "./screens/KindScreen.tsx";
import type { WidgetKind } from "./widget-kinds.ts";

// Builders are prerendered: preloaded before hydration (preloadBuilder), they hydrate in the same pass.
const SCREENS: Record<WidgetKind, ReturnType<typeof lazyPage<ScreenProps>>> = {
  chat: lazyPage(() => import("./screens/ChatScreen.tsx")),
  countdown: lazyPage(() => import("./screens/CountdownScreen.tsx")),
  cat: lazyPage(() => import("./screens/CatScreen.tsx")),
  heart: lazyPage(() => import("./screens/HeartScreen.tsx")),
};

/** Loads a widget's builder chunk (before hydrating its prerendered builder). */
export function preloadBuilder(kind: WidgetKind): Promise<void> {
  return SCREENS[kind].preload();
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
  return (
    <Suspense
      fallback={
        <Frame>
          <BuilderLoading />
        </Frame>
      }
    >
      <Preloaded component={SCREENS[kind]} props={{ params, frame: Frame }} />
    </Suspense>
  );
}
