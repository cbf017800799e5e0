/**
 * A code-split component (like React.lazy) that renders at once when its chunk was preloaded. React.lazy
 * suspends on its first render even then, and a prerendered part that suspends while hydrating is thrown
 * away and rendered again if anything above it updates first.
 */
import { type ComponentType, use } from "react";

export interface Preloadable<P extends object> {
  (props: P): React.ReactNode;
  preload(): Promise<void>;
}

export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        pending = undefined; // a later attempt may succeed (e.g. after a redeploy)
        throw error;
      },
    );
    return pending;
  };
  function PreloadableComponent(props: P) {
    if (!loaded) use(preload()); // suspends (the nearest Suspense shows its fallback) until the chunk is in
    const Component = loaded as ComponentType<P>;
    return <Component {...props} />;
  }
  return Object.assign(PreloadableComponent, { preload });
}
