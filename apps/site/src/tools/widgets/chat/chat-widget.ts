import { lazy } from "react";
import type { WidgetDef } from "../widget-def.ts";
import { type ChatOptions, chatIsConfigured, readChatOptions } from "./chat-options.ts";

export const CHAT_WIDGET: WidgetDef<ChatOptions> = {
  kind: "chat",
  read: readChatOptions,
  isConfigured: chatIsConfigured,
  Widget: lazy(() => import("./ChatWidget.tsx")),
};
