import { describe, expect, it } from "vitest";
import type { ProjectPicture } from "./pictures.ts";
import { mergePictureLists } from "./pictures-merge.ts";

const p = (hash: string, extra: Partial<ProjectPicture> = {}): ProjectPicture => ({
  hash: hash.repeat(64).slice(0, 64),
  alt: `alt ${hash}`,
  caption: "",
  width: 10,
  height: 10,
  cover: false,
  ...extra,
});
const hashes = (list: ProjectPicture[]) => list.map((x) => x.hash[0]);

describe("mergePictureLists: a desktop's list edit merged with the server's", () => {
  const base = [p("a", { cover: true }), p("b")];

  it("keeps pictures both sides added: mine first, then the server's", () => {
    const merged = mergePictureLists(base, [...base, p("s")], [...base, p("m")]);
    expect(hashes(merged)).toEqual(["a", "b", "m", "s"]);
  });

  it("keeps a removal made on either side", () => {
    expect(hashes(mergePictureLists(base, [base[0] as ProjectPicture], [...base, p("m")]))).toEqual(["a", "m"]);
    expect(hashes(mergePictureLists(base, [...base, p("s")], [base[1] as ProjectPicture]))).toEqual(["b", "s"]);
  });

  it("takes my order, my alt text where I changed it and the server's where only it did", () => {
    const server = [p("a", { cover: true, alt: "server alt" }), p("b")];
    const mine = [p("b", { alt: "my alt" }), p("a", { cover: true })];
    const merged = mergePictureLists(base, server, mine);
    expect(merged.map((x) => `${x.hash[0]}:${x.alt}`)).toEqual(["b:my alt", "a:server alt"]);
  });

  it("keeps the server's cover unless I moved it, and always exactly one", () => {
    const server = [p("a"), p("b", { cover: true })];
    expect(mergePictureLists(base, server, base).map((x) => x.cover)).toEqual([false, true]);
    const mine = [p("a"), p("b", { cover: true })];
    expect(mergePictureLists(base, [p("a", { cover: true }), p("b")], mine).map((x) => x.cover)).toEqual([false, true]);
  });

  it("unites the lists when the base is unknown", () => {
    expect(hashes(mergePictureLists(undefined, [p("s"), p("a")], [p("a", { cover: true })]))).toEqual(["a", "s"]);
  });
});
