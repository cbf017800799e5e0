/**
 * One chat line as DOM, built once when the message arrives and never re-rendered: badges, the name in its
 * colour, and the text with Twitch and third-party emotes (zero-width ones stacked over the emote before).
 * Text is text nodes; every picture is an empty element of a class that draws it (emote-sheet.ts), cloned
 * from one prototype per picture: nothing is parsed, fetched or decoded per line.
 */
import { type Badge, type ChatMessage, emoteUrl, type Fragment } from "./chat-message.ts";
import type { EmoteSheet } from "./emote-sheet.ts";
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

/** Twitch's emotes are square, 28 px at 1x: no need to measure them. */
const TWITCH_EMOTE_SIZE = 28;
/**
 * Emote prototypes (and their rules) kept: far more than a chat box shows at once, so the least recently
 * used one out is long gone from the lines.
 */
const MAX_EMOTES = 1000;

/** Builds lines for one chat view: its prototypes (a badge, an emote) are cloned for every line. */
export class ChatLineBuilder {
  private readonly badges = new Map<string, HTMLElement | null>();
  private readonly emotes = new Map<string, HTMLElement>();

  constructor(
    private readonly sheet: EmoteSheet,
    private readonly showBadges: boolean,
  ) {}

  build(message: ChatMessage, animate: boolean): HTMLElement {
    const line = document.createElement("div");
    line.className = animate ? "chat-line is-new" : "chat-line";
    line.dataset.testid = "chat-message";
    line.dataset.id = message.id;
    line.dataset.login = message.login;
    if (this.showBadges) {
      for (const badge of message.badges) {
        const element = this.badge(badge);
        if (element) line.append(element.cloneNode(false));
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
    for (const fragment of message.fragments) text.append(this.fragmentNode(fragment));
    line.append(name, message.action ? " " : ": ", text);
    return line;
  }

  /** A badge's prototype: an empty element whose class rule draws the icon on its colour. */
  private badge(badge: Badge): HTMLElement | null {
    let proto = this.badges.get(badge.kind);
    if (proto === undefined) {
      const style = BADGE_STYLE[badge.kind];
      proto = null;
      if (style) {
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#fff" d="${style.path}"/></svg>`;
        this.sheet.ruleOnce(
          `badge-${badge.kind}`,
          `.chat-badge[data-badge="${badge.kind}"]{background-color:${style.bg};background-image:url("data:image/svg+xml,${encodeURIComponent(svg)}")}`,
        );
        proto = document.createElement("span");
        proto.className = "chat-badge";
        proto.setAttribute("role", "img");
        proto.setAttribute("aria-label", badge.label);
        proto.title = badge.label;
        proto.dataset.badge = badge.kind;
      }
      this.badges.set(badge.kind, proto);
    }
    return proto;
  }

  private emote(
    key: string,
    name: string,
    picture: { src: string; srcSet?: string; width?: number; height?: number },
    data: Record<string, string>,
  ): Node {
    let proto = this.emotes.get(key);
    if (proto) {
      // Most recently used goes last.
      this.emotes.delete(key);
      this.emotes.set(key, proto);
    } else {
      if (this.emotes.size >= MAX_EMOTES) this.forgetOldest();
      proto = document.createElement("span");
      proto.className = `chat-emote ${this.sheet.classFor(picture)}`;
      proto.setAttribute("role", "img");
      proto.setAttribute("aria-label", name);
      proto.title = name;
      proto.dataset.src = picture.src;
      for (const [k, value] of Object.entries(data)) proto.dataset[k] = value;
      this.emotes.set(key, proto);
    }
    return proto.cloneNode(false);
  }

  private forgetOldest(): void {
    const [key, oldest] = this.emotes.entries().next().value as [string, HTMLElement];
    this.emotes.delete(key);
    const src = oldest.dataset.src ?? "";
    // The same picture under another word keeps its rule.
    for (const proto of this.emotes.values()) if (proto.dataset.src === src) return;
    this.sheet.release(src);
  }

  private extra(emote: ThirdPartyEmote): Node {
    return this.emote(`${emote.provider}:${emote.id}:${emote.code}`, emote.code, emote, {
      emote: emote.id,
      provider: emote.provider,
      ...(emote.animated ? { animated: "" } : {}),
      ...(emote.zeroWidth ? { zeroWidth: "" } : {}),
    });
  }

  private fragmentNode(fragment: Fragment): Node {
    if (fragment.type === "text") return document.createTextNode(fragment.text);
    const base =
      fragment.type === "emote"
        ? this.emote(
            `twitch:${fragment.id}:${fragment.name}`,
            fragment.name,
            {
              src: emoteUrl(fragment.id),
              srcSet: `${emoteUrl(fragment.id, "2.0")} 2x, ${emoteUrl(fragment.id, "3.0")} 3x`,
              width: TWITCH_EMOTE_SIZE,
              height: TWITCH_EMOTE_SIZE,
            },
            { emote: fragment.id, provider: "twitch" },
          )
        : this.extra(fragment.emote);
    if (!fragment.overlays?.length) return base;
    const stack = document.createElement("span");
    stack.className = "chat-emote-stack";
    stack.append(base, ...fragment.overlays.map((overlay) => this.extra(overlay)));
    return stack;
  }
}
