/**
 * Renders a code-split component (a `lazyPage`) at once when its chunk was preloaded. React.lazy suspends on
 * its first render even then, and a prerendered part that suspends while hydrating is thrown away and drawn
 * again if anything above it updates first.
 */
import { type ComponentType, use } from "react";
import type { LazyPage } from "./lazy-page.tsx";

export function Preloaded<P extends object>({ component, props }: { component: LazyPage<P>; props: P }) {
  if (!component.loaded()) use(component.preload()); // suspends (the nearest Suspense's fallback) until it is in
  const Component = component.loaded() as ComponentType<P>;
  return <Component {...props} />;
}
