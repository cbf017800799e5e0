/**
 * Draws the chat log at the lowest cost a browser source can have. The lines hang in one track, each at its
 * own fixed place below the one before (absolutely positioned: a new line lays out itself alone, and a line
 * that leaves moves nobody). The track, a single composited layer, is moved up by the new lines' height:
 * the old lines are neither laid out nor repainted, and the compositor moves them. A new line is measured
 * as it is drawn (the frame's one layout); a ResizeObserver reports heights that change later (a line whose
 * emotes make it wrap), and the lines after it move down. Entry and fade-out are opacity and transform
 * only (widgets.css), and run only in a calm chat (CALM_MS).
 */
import { ChatLineBuilder } from "./chat-line.ts";
import type { ChatMessage } from "./chat-message.ts";
import { EmoteSheet } from "./emote-sheet.ts";

/** The space between lines, in em (as the chat box had with a 0.375rem gap at 16px). */
const GAP_EM = 0.35;
/** How long the entry animation lasts (widgets.css). */
export const ENTRY_MS = 250;
/**
 * A calm chat: the last line came at least this long ago. Only a calm chat animates (a line's entry, an old
 * line's fade-out), where a viewer sees each line come and go; in a busy one lines appear and vanish at
 * once. Without a GPU (and so in the benchmark) Chromium ticks these animations on the main thread, every
 * frame while one runs: animating every line of a busy chat would keep it drawing all the time.
 */
export const CALM_MS = 1000;
/** Places in the track start again from 0 past this, long before layout's coordinates run out. */
const REBASE_PX = 1_000_000;

interface Line {
  message: ChatMessage;
  element: HTMLElement;
  height: number;
  /** Its place in the track (px), -1 until placed. */
  top: number;
  fading: boolean;
}

export class ChatView {
  /** In message order (oldest first). */
  private lines: Line[] = [];
  private readonly byElement = new WeakMap<Element, Line>();
  private readonly observer: ResizeObserver;
  private readonly sheet: EmoteSheet;
  private readonly builder: ChatLineBuilder;
  private readonly track: HTMLElement;
  private gap = 0;
  private shift = Number.NaN;
  private lastAddedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly root: HTMLElement,
    showBadges: boolean,
  ) {
    this.sheet = new EmoteSheet(root.ownerDocument);
    this.builder = new ChatLineBuilder(this.sheet, showBadges);
    this.track = root.ownerDocument.createElement("div");
    this.track.className = "chat-track";
    root.append(this.track);
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
  render(messages: readonly ChatMessage[], isFading: (message: ChatMessage) => boolean, now = Date.now()): void {
    const wanted = new Map(messages.map((message) => [message.id, message]));
    const kept: Line[] = [];
    for (const line of this.lines) {
      // A message whose emotes changed (the sets came in after it) is rebuilt as a new line.
      if (wanted.get(line.message.id) === line.message) kept.push(line);
      else this.drop(line);
    }
    const have = new Map(kept.map((line) => [line.message.id, line]));
    const added: Line[] = [];
    const ordered: Line[] = [];
    const fresh = messages.length - kept.length;
    const calm = now - this.lastAddedAt >= CALM_MS;
    // Faster than an entry could be seen (several at once, or a busy chat): no entry.
    const animate = fresh === 1 && calm;
    for (const message of messages) {
      const line = have.get(message.id);
      if (line) {
        ordered.push(line);
        continue;
      }
      const element = this.builder.build(message, animate);
      const created: Line = { message, element, height: 0, top: -1, fading: false };
      this.byElement.set(element, created);
      added.push(created);
      ordered.push(created);
    }
    this.lines = ordered;
    if (added.length) {
      this.lastAddedAt = now;
      // Placed below the last line already; measured at once (this draw's one layout, which the frame would
      // do anyway) and the track moved, so the frame paints everything in place with no second layout. The
      // observer keeps heights that change later (emotes loaded, a line rebuilt) up to date.
      this.assignTops();
      const fragment = document.createDocumentFragment();
      for (const line of added) fragment.append(line.element);
      this.track.append(fragment);
      for (const line of added) {
        line.height = line.element.getBoundingClientRect().height;
        this.observer.observe(line.element);
      }
      this.place();
    }
    for (const line of this.lines) {
      const fading = isFading(line.message);
      if (fading !== line.fading) {
        line.fading = fading;
        if (!fading) line.element.classList.remove("is-fading", "is-faded");
        // A busy chat's old line vanishes at once (`is-faded`) instead of fading out.
        else line.element.classList.add(calm ? "is-fading" : "is-faded");
      }
    }
  }

  get size(): number {
    return this.lines.length;
  }

  destroy(): void {
    this.observer.disconnect();
    this.track.remove();
    this.sheet.destroy();
    this.lines = [];
  }

  private drop(line: Line): void {
    this.observer.unobserve(line.element);
    line.element.remove();
  }

  /**
   * Gives each line its place right below the one before (a line not measured yet counts as empty until its
   * height comes, in the same frame); a line keeps its place when those before it leave. Only lines whose
   * place changed are touched: normally the new ones.
   */
  private assignTops(): void {
    if (!this.gap) this.gap = Number.parseFloat(getComputedStyle(this.root).fontSize) * GAP_EM || 6;
    const first = this.lines[0];
    if (!first) return;
    if (first.top < 0 || first.top > REBASE_PX) this.setTop(first, 0);
    for (let i = 1; i < this.lines.length; i++) {
      const before = this.lines[i - 1] as Line;
      const line = this.lines[i] as Line;
      const top = before.top + before.height + this.gap;
      if (line.top !== top) this.setTop(line, top);
    }
  }

  private setTop(line: Line, top: number): void {
    line.top = top;
    line.element.style.top = `${top}px`;
  }

  /** After heights are known: every line in its place, and the track lifted so the newest ends at the bottom. */
  private place(): void {
    this.assignTops();
    const last = this.lines.at(-1);
    const shift = last ? last.top + last.height : 0;
    if (shift !== this.shift) {
      this.shift = shift;
      this.track.style.translate = `0 ${-shift}px`;
    }
  }
}
