/** The four stream widgets: their routes and names. */

export type WidgetKind = "chat" | "countdown" | "cat" | "heart";

export interface WidgetInfo {
  kind: WidgetKind;
  path: string;
  /** The page's heading (also what the prerendered page carries). */
  name: string;
  description: string;
  /** A good OBS browser-source size for it. */
  obsSize: { width: number; height: number };
  /** What `demo=1` shows, where it shows something a streamer could not see otherwise. */
  demo?: string;
}

export const WIDGET_INFO: Record<WidgetKind, WidgetInfo> = {
  chat: {
    kind: "chat",
    path: "/twitchchatwidget",
    name: "Chat Box Widget",
    description:
      "Your Twitch chat as a transparent overlay: names in their colours, badges and emotes, deleted messages and bans removed.",
    obsSize: { width: 400, height: 600 },
    demo: "made-up messages, without a live chat",
  },
  countdown: {
    kind: "countdown",
    path: "/twitchcountdownwidget",
    name: "Countdown Widget",
    description: "A countdown to a fixed time (reloading the source never resets it) or for a set duration.",
    obsSize: { width: 800, height: 300 },
    demo: "a five-minute countdown from the moment it loads",
  },
  cat: {
    kind: "cat",
    path: "/twitchcotdwidget",
    name: "Cat of the Day Widget",
    description: "A new cat picture every day, the same one for every viewer.",
    obsSize: { width: 420, height: 500 },
  },
  heart: {
    kind: "heart",
    path: "/twitchheartwidget",
    name: "Heart Rate Widget",
    description: "Your live heart rate from a Pulsoid-compatible sensor feed, with a heart beating at that rate.",
    obsSize: { width: 400, height: 160 },
    demo: "a made-up heart rate, without a sensor",
  },
};

export function widgetKindForPath(pathname: string): WidgetKind | null {
  const clean = pathname.replace(/\/+$/, "").toLowerCase();
  return (Object.values(WIDGET_INFO).find((info) => info.path === clean)?.kind ?? null) as WidgetKind | null;
}
