import { lazy } from "react";
import type { WidgetDef } from "../widget-def.ts";
import { type CountdownOptions, countdownIsConfigured, readCountdownOptions } from "./countdown-options.ts";

export const COUNTDOWN_WIDGET: WidgetDef<CountdownOptions> = {
  kind: "countdown",
  read: readCountdownOptions,
  isConfigured: countdownIsConfigured,
  Widget: lazy(() => import("./CountdownWidget.tsx")),
};
