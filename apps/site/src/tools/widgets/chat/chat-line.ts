/**
 * One chat line as DOM, built once when the message arrives and never re-rendered: badges, the name in its
 * colour, and the text with Twitch and third-party emotes (zero-width ones stacked over the emote before).
 */
import type { PictureCache } from "./chat-images.ts";
import { type Badge, type ChatMessage, emoteUrl, type Fragment } from "./chat-message.ts";
import type { ThirdPartyEmote } from "./emotes/emote.ts";

const BADGE_STYLE: Record<string, { bg: string; path: string }> = {
  broadcaster: { bg: "#E91916", path: "M3 7h11v10H3zM14 10l6-3v10l-6-3z" },
  moderator: { bg: "#00AD03", path: "M18 3h3v3l-9 9-3-3zM5 14l5 5-2 2-2-2-2 2-1-1 2-2-2-2z" },
  vip: { bg: "#E005B9", path: "M12 3l8 7-8 11-8-11z" },
  subscriber: { bg: "#8205B4", path: "M12 2l3 7h7l-5.5 4.5 2 7.5-6.5-4.5-6.5 4.5 2-7.5L2 9h7z" },
  founder: { bg: "#B8860B", path: "M12 2l3 7h7l-5.5 4.5 2 7.5-6.5-4.5-6.5 4.5 2-7.5L2 9h7z" },
  partner: { bg: "#9146FF", path: "M9.5 16.5L4 11l2-2 3.5 3.5L18 4l2 2z" },
  premium: { bg: "#0E9DD9", path: "M3 18h18l-2-11-5 5-2-7-2 7-5-5z" },
  turbo: { bg: "#59399A", path: "M13 2L4 14h7l-1 8 9-12h-7z" },
  bits: { bg: "#6441A5", path: "M12 2l7 12-7 8-7-8z" },
  staff: { bg: "#000000", path: "M12 2l9 5v10l-9 5-9-5V7z" },
  admin: { bg: "#FAAF19", path: "M12 2l9 5v10l-9 5-9-5V7z" },
  artist: { bg: "#1E69FF", path: "M4 20c3 0 5-2 5-5l9-11 2 2-11 9c0 3-2 5-5 5z" },
};

const SVG = "http://www.w3.org/2000/svg";
/** One badge element per kind, cloned for each line (its SVG is parsed once). */
const badgeProtos = new Map<string, HTMLElement>();

function badgeElement(badge: Badge): HTMLElement | null {
  let proto = badgeProtos.get(badge.kind);
  if (!proto) {
    const style = BADGE_STYLE[badge.kind];
    if (!style) return null;
    proto = document.createElement("span");
    proto.className = "chat-badge";
    proto.setAttribute("role", "img");
    proto.setAttribute("aria-label", badge.label);
    proto.title = badge.label;
    proto.dataset.badge = badge.kind;
    proto.style.backgroundColor = style.bg;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", style.path);
    svg.append(path);
    proto.append(svg);
    badgeProtos.set(badge.kind, proto);
  }
  return proto.cloneNode(true) as HTMLElement;
}

function emoteImage(
  pictures: PictureCache,
  name: string,
  src: string,
  srcSet: string | undefined,
  size: { width?: number; height?: number },
  data: Record<string, string>,
): HTMLImageElement {
  const img = pictures.image(src, srcSet, "chat-emote", size.width, size.height);
  img.alt = name;
  img.title = name;
  for (const [key, value] of Object.entries(data)) img.dataset[key] = value;
  return img;
}

const extraImage = (pictures: PictureCache, emote: ThirdPartyEmote) =>
  emoteImage(pictures, emote.code, emote.src, emote.srcSet, emote, {
    emote: emote.id,
    provider: emote.provider,
    ...(emote.animated ? { animated: "" } : {}),
    ...(emote.zeroWidth ? { zeroWidth: "" } : {}),
  });

function fragmentNode(pictures: PictureCache, fragment: Fragment): Node {
  if (fragment.type === "text") return document.createTextNode(fragment.text);
  const base =
    fragment.type === "emote"
      ? emoteImage(
          pictures,
          fragment.name,
          emoteUrl(fragment.id),
          `${emoteUrl(fragment.id, "2.0")} 2x, ${emoteUrl(fragment.id, "3.0")} 3x`,
          {},
          { emote: fragment.id, provider: "twitch" },
        )
      : extraImage(pictures, fragment.emote);
  if (!fragment.overlays?.length) return base;
  const stack = document.createElement("span");
  stack.className = "chat-emote-stack";
  stack.append(base, ...fragment.overlays.map((overlay) => extraImage(pictures, overlay)));
  return stack;
}

export function buildChatLine(message: ChatMessage, showBadges: boolean, pictures: PictureCache): HTMLElement {
  const line = document.createElement("div");
  line.className = "chat-line";
  line.dataset.testid = "chat-message";
  line.dataset.id = message.id;
  line.dataset.login = message.login;
  if (showBadges) {
    for (const badge of message.badges) {
      const element = badgeElement(badge);
      if (element) line.append(element);
    }
  }
  const name = document.createElement("span");
  name.className = "chat-name";
  name.dataset.testid = "chat-name";
  name.style.color = message.color;
  name.textContent = message.displayName;
  const text = document.createElement("span");
  text.className = "chat-text";
  if (message.action) {
    text.style.color = message.color;
    text.style.fontStyle = "italic";
  }
  for (const fragment of message.fragments) text.append(fragmentNode(pictures, fragment));
  line.append(name, message.action ? " " : ": ", text);
  return line;
}
