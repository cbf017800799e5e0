import { describe, expect, it } from "vitest";
import { CHAT_DEFAULTS, chatOptionsToParams } from "../chat/chat-options.ts";
import { COUNTDOWN_DEFAULTS, countdownOptionsToParams } from "../countdown/countdown-options.ts";
import { WIDGET_INFO, widgetKindForPath } from "../widget-kinds.ts";
import { builderPath, widgetUrl } from "./widget-url.ts";

describe("widget URLs", () => {
  it("puts the settings on the widget's own route", () => {
    expect(
      widgetUrl("https://site.dev", "chat", chatOptionsToParams({ ...CHAT_DEFAULTS, channel: "me", fadeSeconds: 30 })),
    ).toBe("https://site.dev/twitchchatwidget?channel=me&fade=30");
    expect(
      widgetUrl(
        "https://site.dev",
        "countdown",
        countdownOptionsToParams({ ...COUNTDOWN_DEFAULTS, endsAt: Date.UTC(2030, 0, 1, 20) }),
      ),
    ).toBe("https://site.dev/twitchcountdownwidget?to=2030-01-01T20:00:00Z");
    expect(widgetUrl("https://site.dev", "cat", new URLSearchParams())).toBe("https://site.dev/twitchcotdwidget");
    expect(builderPath("heart")).toBe("/twitchheartwidget?setup=1");
  });

  it("finds the widget of a route", () => {
    expect(widgetKindForPath("/twitchchatwidget/")).toBe("chat");
    expect(widgetKindForPath("/TwitchCotdWidget")).toBe("cat");
    expect(widgetKindForPath("/nope")).toBeNull();
    for (const info of Object.values(WIDGET_INFO)) expect(widgetKindForPath(info.path)).toBe(info.kind);
  });
});
