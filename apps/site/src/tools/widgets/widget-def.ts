/**
 * What a widget's address needs to decide between its overlay and its URL builder: one definition per kind
 * (chat/chat-widget.ts and its siblings), so a page loads only its own kind's options code.
 */
import type { ComponentType, LazyExoticComponent } from "react";
import type { WidgetKind } from "./widget-kinds.ts";

export interface WidgetDef<Options> {
  kind: WidgetKind;
  read(params: URLSearchParams): Options;
  /** Whether these settings say enough to show the widget rather than its builder. */
  isConfigured(options: Options): boolean;
  /** The widget, a chunk of its own: an OBS source loads only its widget's code. */
  Widget: LazyExoticComponent<ComponentType<{ options: Options }>>;
}

/** The settings the overlay shows, or null when the address shows the URL builder (`setup`, or not enough set). */
export function overlayOptions<Options>(def: WidgetDef<Options>, params: URLSearchParams): Options | null {
  if (params.has("setup")) return null;
  const options = def.read(params);
  return def.isConfigured(options) ? options : null;
}
