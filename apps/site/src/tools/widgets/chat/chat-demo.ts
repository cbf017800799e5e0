/**
 * Demo mode: sample chat lines in Twitch's own IRC form, so the demo runs through the same parser and
 * rules as real chat (a command included), and with some of the BetterTTV, FrankerFaceZ and 7TV global
 * emotes chats are full of (a zero-width one stacked over another), drawn like in the live widget.
 */

interface DemoLine {
  nick: string;
  color: string;
  badges: string;
  text: string;
}

const LINES: DemoLine[] = [
  { nick: "PixelPanda", color: "#FF69B4", badges: "subscriber/12", text: "hype! 🎉 the stream is live" },
  { nick: "ModMarta", color: "#00FF7F", badges: "moderator/1", text: "Welcome in everyone, be kind 💚" },
  { nick: "night_owl", color: "", badges: "", text: "first time here, love the overlay" },
  { nick: "CaptainQ", color: "#1E90FF", badges: "vip/1", text: "that last play was clean EZ" },
  { nick: "vibe_check", color: "#FF7F50", badges: "subscriber/6", text: "SourPls SourPls SourPls" },
  { nick: "someone", color: "#DAA520", badges: "", text: "!discord" },
  { nick: "Streamer", color: "#9146FF", badges: "broadcaster/1", text: "thanks for hanging out, chat!" },
  { nick: "byte_me", color: "#FF4500", badges: "subscriber/3,premium/1", text: "lol 😂 CatBag" },
  { nick: "safety_first", color: "#2E8B57", badges: "", text: "EZ cvHazmat staying safe in here" },
  { nick: "Nightbot", color: "#7C7CE1", badges: "moderator/1", text: "Follow the rules in !rules" },
  { nick: "luna_wave", color: "#8A2BE2", badges: "founder/0", text: "GG! what are we playing next?" },
];

/** The n-th demo line (endless: it wraps around) as a raw IRC line. */
export function demoIrcLine(n: number, now: number): string {
  const line = LINES[n % LINES.length] as DemoLine;
  const login = line.nick.toLowerCase();
  const tags = [
    `badges=${line.badges}`,
    `color=${line.color}`,
    `display-name=${line.nick}`,
    "emotes=",
    `id=demo-${n}`,
    `tmi-sent-ts=${now}`,
    `user-id=demo-${login}`,
  ].join(";");
  return `@${tags} :${login}!${login}@${login}.tmi.twitch.tv PRIVMSG #demo :${line.text}`;
}

export const DEMO_INTERVAL_MS = 1800;
