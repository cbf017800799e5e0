/**
 * Whether the page is shown. OBS marks a browser source that is not on the current scene (or hidden) with
 * `document.visibilityState = "hidden"`; the widgets then stop their timers and animations.
 */
import { useEffect, useState } from "react";

export const pageIsVisible = (): boolean => typeof document === "undefined" || document.visibilityState !== "hidden";

/** Calls `onChange` on every change of visibility; answers the function that stops listening. */
export function onVisibilityChange(onChange: (visible: boolean) => void): () => void {
  const listener = () => onChange(pageIsVisible());
  document.addEventListener("visibilitychange", listener);
  return () => document.removeEventListener("visibilitychange", listener);
}

export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(pageIsVisible);
  useEffect(() => {
    setVisible(pageIsVisible());
    return onVisibilityChange(setVisible);
  }, []);
  return visible;
}
