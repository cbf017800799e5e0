/**
 * Lets a page keep its production address (e.g. wss://irc-ws.chat.twitch.tv, allowed by the site's CSP) while
 * the conversation really happens with a local fake: Playwright takes over the page's WebSocket and this
 * relays every message both ways to the fake over a real WebSocket.
 */
import type { Page } from "@playwright/test";
import { WebSocket } from "ws";

export async function relayWebSocket(page: Page, pattern: RegExp, target: (pageUrl: URL) => string): Promise<void> {
  await page.routeWebSocket(pattern, (route) => {
    const upstream = new WebSocket(target(new URL(route.url())));
    const pending: string[] = [];
    upstream.on("open", () => {
      for (const message of pending.splice(0)) upstream.send(message);
    });
    upstream.on("message", (data) => route.send(data.toString()));
    upstream.on("close", () => route.close().catch(() => {}));
    upstream.on("error", () => route.close().catch(() => {}));
    route.onMessage((message) => {
      const text = typeof message === "string" ? message : message.toString();
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
      else pending.push(text);
    });
    route.onClose(() => upstream.close());
  });
}
