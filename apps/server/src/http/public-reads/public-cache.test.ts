/** The public reads' cache: bounded, least recently used out, one build per key, dropped on a new revision. */
import { describe, expect, it } from "vitest";
import { type EncodedAnswer, encodeAnswer } from "./encoded-answer.ts";
import { PublicCache } from "./public-cache.ts";

const headers = { security: { map: new Map(), flat: [] }, cacheControl: "no-store" };

function counting() {
  const builds: string[] = [];
  const build = (key: string) => async (): Promise<EncodedAnswer> => {
    builds.push(key);
    return encodeAnswer({ key }, headers);
  };
  return { builds, build };
}

describe("the public reads' cache", () => {
  it("keeps the answer used most recently when a new key pushes one out", async () => {
    const cache = new PublicCache({ readRevision: async () => "1", recheckMs: 60_000, maxEntries: 2 });
    const { builds, build } = counting();
    await cache.get("list", build("list"));
    await cache.get("page-1", build("page-1"));
    await cache.get("list", build("list"));
    await cache.get("page-2", build("page-2"));
    await cache.get("list", build("list"));
    await cache.get("page-1", build("page-1"));
    expect(builds).toEqual(["list", "page-1", "page-2", "page-1"]);
  });

  it("builds an answer once for requests that ask for it together", async () => {
    const cache = new PublicCache({ readRevision: async () => "1", recheckMs: 60_000 });
    const { builds, build } = counting();
    await Promise.all([cache.get("list", build("list")), cache.get("list", build("list"))]);
    expect(builds).toEqual(["list"]);
  });

  it("drops every answer when the revision moves", async () => {
    let revision = "1";
    const cache = new PublicCache({ readRevision: async () => revision, recheckMs: 0 });
    const { builds, build } = counting();
    await cache.get("list", build("list"));
    await cache.get("list", build("list"));
    revision = "2";
    await cache.get("list", build("list"));
    expect(builds).toEqual(["list", "list"]);
  });
});
