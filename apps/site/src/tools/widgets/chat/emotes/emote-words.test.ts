import { describe, expect, it } from "vitest";
import type { ThirdPartyEmote } from "./emote.ts";
import { buildEmoteTable } from "./emote-table.ts";
import { withThirdPartyEmotes } from "./emote-words.ts";

const emote = (provider: ThirdPartyEmote["provider"], code: string, zeroWidth = false): ThirdPartyEmote => ({
  provider,
  id: `${provider}-${code}`,
  code,
  src: `https://cdn.example/${provider}/${code}`,
  zeroWidth,
  animated: false,
});

describe("third-party emotes in a message", () => {
  const table = buildEmoteTable({
    bttv: { global: [emote("bttv", "SourPls"), emote("bttv", "cvHazmat", true)], channel: [] },
    ffz: { global: [emote("ffz", "CatBag"), emote("ffz", "EZ")], channel: [] },
    "7tv": { global: [emote("7tv", "EZ")], channel: [emote("7tv", "CatBag")] },
  });

  it("lets a channel's emote win over a global one, and 7TV over FFZ", () => {
    expect(table.get("CatBag")?.provider).toBe("7tv");
    expect(table.get("EZ")?.provider).toBe("7tv");
    expect(table.get("SourPls")?.provider).toBe("bttv");
  });

  it("turns whole words into emotes, leaves other text and Twitch emotes alone", () => {
    expect(
      withThirdPartyEmotes(
        [
          { type: "emote", id: "25", name: "Kappa" },
          { type: "text", text: " SourPls hi SourPlsX ez" },
        ],
        table,
      ),
    ).toEqual([
      { type: "emote", id: "25", name: "Kappa" },
      { type: "text", text: " " },
      { type: "extra", emote: table.get("SourPls") },
      { type: "text", text: " hi SourPlsX ez" },
    ]);
  });

  it("stacks a zero-width emote over the emote before it, Twitch's included", () => {
    expect(withThirdPartyEmotes([{ type: "text", text: "EZ cvHazmat gg" }], table)).toEqual([
      { type: "extra", emote: table.get("EZ"), overlays: [table.get("cvHazmat")] },
      { type: "text", text: " gg" },
    ]);
    expect(
      withThirdPartyEmotes(
        [
          { type: "emote", id: "25", name: "Kappa" },
          { type: "text", text: " cvHazmat" },
        ],
        table,
      ),
    ).toEqual([{ type: "emote", id: "25", name: "Kappa", overlays: [table.get("cvHazmat")] }]);
  });

  it("draws a zero-width emote with nothing under it on its own", () => {
    expect(withThirdPartyEmotes([{ type: "text", text: "hi cvHazmat" }], table)).toEqual([
      { type: "text", text: "hi " },
      { type: "extra", emote: table.get("cvHazmat") },
    ]);
  });
});
