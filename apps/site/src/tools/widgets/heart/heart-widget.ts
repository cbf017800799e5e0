import { lazy } from "react";
import type { WidgetDef } from "../widget-def.ts";
import { type HeartOptions, heartIsConfigured, readHeartOptions } from "./heart-options.ts";

export const HEART_WIDGET: WidgetDef<HeartOptions> = {
  kind: "heart",
  read: readHeartOptions,
  isConfigured: heartIsConfigured,
  Widget: lazy(() => import("./HeartWidget.tsx")),
};
