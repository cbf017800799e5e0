/**
 * Draws the chat log at the lowest cost a browser source can have. Every line is absolutely positioned at
 * the bottom and lifted into place with `translate`: a new line costs the layout of that line alone (the
 * old ones are neither laid out nor repainted, only moved, which the compositor does), a removed line costs
 * nothing but its removal. Heights come from a ResizeObserver (no forced layout); a line whose emotes load
 * and make it wrap simply reports its new height. Entry and fade-out are CSS animations of opacity and
 * transform only (widgets.css).
 */
import { PictureCache } from "./chat-images.ts";
import { buildChatLine } from "./chat-line.ts";
import type { ChatMessage } from "./chat-message.ts";

/** The space between lines, in em (as the chat box had with a 0.375rem gap at 16px). */
const GAP_EM = 0.35;

interface Line {
  message: ChatMessage;
  element: HTMLElement;
  height: number;
  offset: number;
  fading: boolean;
}

export class ChatView {
  /** In message order (oldest first). */
  private lines: Line[] = [];
  private readonly byElement = new WeakMap<Element, Line>();
  private readonly observer: ResizeObserver;
  private readonly pictures = new PictureCache();
  private gap = 0;

  constructor(
    private readonly root: HTMLElement,
    private showBadges: boolean,
  ) {
    this.observer = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const line = this.byElement.get(entry.target);
        const size = entry.borderBoxSize?.[0];
        if (line) line.height = size ? size.blockSize : (entry.target as HTMLElement).offsetHeight;
      }
      this.place();
    });
  }

  /** Shows `messages` (oldest first): lines that left the log go, new ones are added at the bottom. */
  render(messages: readonly ChatMessage[], isFading: (message: ChatMessage) => boolean): void {
    const wanted = new Map(messages.map((message) => [message.id, message]));
    const kept: Line[] = [];
    for (const line of this.lines) {
      // A message whose emotes changed (the sets came in after it) is rebuilt as a new line.
      if (wanted.get(line.message.id) === line.message) kept.push(line);
      else this.drop(line);
    }
    const have = new Set(kept.map((line) => line.message.id));
    const added: Line[] = [];
    // New messages only ever arrive at the end; a rebuilt one takes its old place.
    const ordered: Line[] = [];
    let k = 0;
    for (const message of messages) {
      if (have.has(message.id)) {
        ordered.push(kept[k++] as Line);
        continue;
      }
      const element = buildChatLine(message, this.showBadges, this.pictures);
      const line: Line = { message, element, height: 0, offset: -1, fading: false };
      this.byElement.set(element, line);
      added.push(line);
      ordered.push(line);
    }
    this.lines = ordered;
    if (added.length) {
      // Its height is reported and it is placed in this same frame, before paint: never drawn out of place.
      const fragment = document.createDocumentFragment();
      for (const line of added) fragment.append(line.element);
      this.root.append(fragment);
      for (const line of added) this.observer.observe(line.element);
    }
    for (const line of this.lines) {
      const fading = isFading(line.message);
      if (fading !== line.fading) {
        line.fading = fading;
        line.element.classList.toggle("is-fading", fading);
      }
    }
    if (!added.length && kept.length !== this.lines.length) this.place();
  }

  setShowBadges(showBadges: boolean): void {
    this.showBadges = showBadges;
  }

  get size(): number {
    return this.lines.length;
  }

  destroy(): void {
    this.observer.disconnect();
    for (const line of this.lines) line.element.remove();
    this.lines = [];
  }

  private drop(line: Line): void {
    this.observer.unobserve(line.element);
    line.element.remove();
  }

  /** Lifts each line above the ones after it; only lines whose place changed are touched. */
  private place(): void {
    if (!this.gap) this.gap = Number.parseFloat(getComputedStyle(this.root).fontSize) * GAP_EM || 6;
    let offset = 0;
    for (let i = this.lines.length - 1; i >= 0; i--) {
      const line = this.lines[i] as Line;
      if (line.height === 0) continue; // not measured yet: placed when its size is reported
      if (line.offset !== offset) {
        const first = line.offset < 0;
        line.offset = offset;
        line.element.style.translate = `0 ${-offset}px`;
        if (first) line.element.classList.add("is-new");
      }
      offset += line.height + this.gap;
    }
  }
}
