/**
 * One widget kind on the site's widget route: its overlay when the settings say enough, otherwise its URL
 * builder in the site's frame. The overlay frame and the widget are chunks of their own: a builder page never
 * loads them.
 */
import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { overlayOptions, type WidgetDef } from "../widget-def.ts";

const Overlay = lazy(() => import("../Overlay.tsx"));

export interface ScreenProps {
  params: URLSearchParams;
  /** Wraps the URL builder in the site's page frame (the widget itself has none). */
  frame: ComponentType<{ children: ReactNode }>;
}

interface KindScreenProps<Options> extends ScreenProps {
  def: WidgetDef<Options>;
  Builder: ComponentType<{ initial: Options }>;
}

export function KindScreen<Options>({ def, Builder, params, frame: Frame }: KindScreenProps<Options>) {
  const options = overlayOptions(def, params);
  if (options !== null)
    return (
      <Suspense fallback={null}>
        <Overlay kind={def.kind}>
          <def.Widget options={options} />
        </Overlay>
      </Suspense>
    );
  return (
    <Frame>
      <Builder initial={def.read(params)} />
    </Frame>
  );
}
