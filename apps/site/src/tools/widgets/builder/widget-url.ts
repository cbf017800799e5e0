/** A widget's full URL from its settings (what the streamer pastes into OBS). */
import { WIDGET_INFO, type WidgetKind } from "../widget-kinds.ts";

export function widgetUrl(origin: string, kind: WidgetKind, params: URLSearchParams): string {
  const url = new URL(WIDGET_INFO[kind].path, origin);
  // ':' and ',' need no escaping in a query: keep times and name lists readable.
  url.search = params.toString().replace(/%3A/gi, ":").replace(/%2C/gi, ",");
  return url.href;
}

/** The builder's own address for a widget (the widget chooser links here). */
export function builderPath(kind: WidgetKind): string {
  return `${WIDGET_INFO[kind].path}?setup=1`;
}
