/**
 * Third-party emotes in a message's text: each whole word that names one becomes a picture; a zero-width
 * emote right after another emote (only spaces between) is stacked over it, as 7TV and BTTV draw them.
 */
import type { Fragment } from "../chat-message.ts";
import type { EmoteTable } from "./emote-table.ts";

export function withThirdPartyEmotes(fragments: readonly Fragment[], table: EmoteTable): Fragment[] {
  if (table.size === 0) return fragments as Fragment[];
  const out: Fragment[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = out.at(-1);
    if (last?.type === "text") out[out.length - 1] = { type: "text", text: last.text + text };
    else out.push({ type: "text", text });
  };
  for (const fragment of fragments) {
    if (fragment.type !== "text") {
      out.push(fragment);
      continue;
    }
    for (const part of fragment.text.split(/(\s+)/)) {
      const emote = part && !/^\s/.test(part) ? table.get(part) : undefined;
      if (!emote) {
        pushText(part);
        continue;
      }
      if (emote.zeroWidth) {
        // The emote below: the last fragment, or the one before the spaces that separate them.
        const last = out.at(-1);
        const gap = last?.type === "text" && /^\s+$/.test(last.text) ? 1 : 0;
        const base = out.at(-1 - gap);
        if (base && base.type !== "text") {
          if (gap) out.pop();
          out[out.length - 1] = { ...base, overlays: [...(base.overlays ?? []), emote] };
          continue;
        }
      }
      out.push({ type: "extra", emote });
    }
  }
  return out;
}
