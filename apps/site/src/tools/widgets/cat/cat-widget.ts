import { lazy } from "react";
import type { WidgetDef } from "../widget-def.ts";
import { type CatOptions, readCatOptions } from "./cat-options.ts";

export const CAT_WIDGET: WidgetDef<CatOptions> = {
  kind: "cat",
  read: readCatOptions,
  // Every setting has a default: the cat shows with none.
  isConfigured: () => true,
  Widget: lazy(() => import("./CatWidget.tsx")),
};
