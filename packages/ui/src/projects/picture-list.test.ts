import type { ProjectPicture } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { moveAnnouncement, movePicture, removePicture, setCover, undoRemove } from "./picture-list.ts";

const p = (letter: string, cover = false): ProjectPicture => ({
  hash: letter.repeat(64),
  alt: `Picture ${letter}`,
  caption: "",
  width: 10,
  height: 10,
  cover,
});
const order = (list: ProjectPicture[]) => list.map((x) => `${x.hash[0]}${x.cover ? "*" : ""}`).join(" ");

describe("the editor's picture list", () => {
  const list = [p("a", true), p("b"), p("c")];

  it("moves a picture and says where it went", () => {
    expect(order(movePicture(list, 2, 1))).toBe("a* c b");
    expect(moveAnnouncement(p("c"), 1, 3)).toBe("Moved Picture c to position 2 of 3.");
  });

  it("sets the cover on exactly one picture", () => {
    expect(order(setCover(list, "b".repeat(64)))).toBe("a b* c");
  });

  it("removes a picture with Undo putting it back where it was, cover and all", () => {
    const { list: left, removed } = removePicture(list, "a".repeat(64));
    expect(order(left)).toBe("b* c");
    expect(removed && order(undoRemove(left, removed))).toBe("a* b c");
  });
});
