/**
 * Code-split pages that still prerender and hydrate without a flash: the prerender and the client entry
 * call `preload()` for the page being rendered before React starts, so the first render has the module.
 * When the visitor navigates to a page whose chunk is not loaded yet, a spinner (or, for heavy pages,
 * the loading screen of spec section 9) covers the wait.
 */
import { buttonClasses, Spinner } from "@portfolio/ui";
import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";

/** Only a navigation to a heavy page shows it, so it is fetched then, alongside that page's chunk. */
const LoadingScreen = lazy(() =>
  import("@portfolio/ui/loading/LoadingScreen.tsx").then((module) => ({ default: module.LoadingScreen })),
);

export interface LazyPage<P extends object = Record<string, never>> {
  /** Unique per page: routes showing different pages never share component state. */
  id: number;
  preload(): Promise<void>;
  /** The component once its chunk has loaded, else undefined. */
  loaded(): ComponentType<P> | undefined;
  loadingScreen: boolean;
  label?: string;
}

let nextId = 0;

export function lazyPage<P extends object = Record<string, never>>(
  load: () => Promise<{ default: ComponentType<P> }>,
  options: { loadingScreen?: boolean; label?: string } = {},
): LazyPage<P> {
  let component: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  nextId += 1;
  return {
    id: nextId,
    preload() {
      pending ??= load().then(
        (module) => {
          component = module.default;
        },
        (error: unknown) => {
          pending = undefined; // a later attempt may succeed (e.g. after a redeploy)
          throw error;
        },
      );
      return pending;
    },
    loaded: () => component,
    loadingScreen: options.loadingScreen ?? false,
    label: options.label,
  };
}

/** Renders a code-split page: at once when its chunk is loaded, else after loading it. */
export function LazyRoute({ page }: { page: LazyPage }) {
  return <LazyRouteView key={page.id} page={page} />;
}

function LazyRouteView({ page }: { page: LazyPage }) {
  const [Component, setComponent] = useState<ComponentType<Record<string, never>> | undefined>(() => page.loaded());
  const [screenDone, setScreenDone] = useState(() => page.loaded() !== undefined);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (Component) return;
    let live = true;
    page.preload().then(
      () => live && setComponent(() => page.loaded()),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [Component, page]);

  if (failed) return <ChunkFailed />;
  if (page.loadingScreen && !screenDone) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <LoadingScreen done={Component !== undefined} onFinished={() => setScreenDone(true)} label={page.label} />
      </Suspense>
    );
  }
  if (!Component) return <PageSpinner />;
  return <Component />;
}

function PageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center text-indigo-600 dark:text-indigo-400" role="status">
      <Spinner className="size-8" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

function ChunkFailed() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center" role="alert">
      <p className="text-lg font-medium">This page could not be loaded. Please check your connection.</p>
      <button type="button" className={buttonClasses("primary")} onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
