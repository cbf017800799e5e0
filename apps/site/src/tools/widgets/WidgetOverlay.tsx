/**
 * The overlay's own small entry (widget-overlay.tsx) decides here whether an address shows a widget: its
 * settings say enough, and no `setup`. Each widget is its own chunk, so a browser source loads only its widget's
 * code. The site's widget route decides the same way, per kind (screens/), with the overlay frame a chunk of its
 * own there, since its pages mostly show builders.
 */
import type { ReactNode } from "react";
import { CAT_WIDGET } from "./cat/cat-widget.ts";
import { CHAT_WIDGET } from "./chat/chat-widget.ts";
import { COUNTDOWN_WIDGET } from "./countdown/countdown-widget.ts";
import { HEART_WIDGET } from "./heart/heart-widget.ts";
import Overlay from "./Overlay.tsx";
import { overlayOptions, type WidgetDef } from "./widget-def.ts";
import type { WidgetKind } from "./widget-kinds.ts";

function overlayOf<Options>(def: WidgetDef<Options>, params: URLSearchParams): ReactNode | null {
  const options = overlayOptions(def, params);
  return options === null ? null : (
    <Overlay kind={def.kind}>
      <def.Widget options={options} />
    </Overlay>
  );
}

/** The overlay these settings show, or null when they show the URL builder. */
export function overlayFor(kind: WidgetKind, params: URLSearchParams): ReactNode | null {
  switch (kind) {
    case "chat":
      return overlayOf(CHAT_WIDGET, params);
    case "countdown":
      return overlayOf(COUNTDOWN_WIDGET, params);
    case "cat":
      return overlayOf(CAT_WIDGET, params);
    case "heart":
      return overlayOf(HEART_WIDGET, params);
  }
}
