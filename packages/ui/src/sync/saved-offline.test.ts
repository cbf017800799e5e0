import { describe, expect, it } from "vitest";
import { SAVED_OFFLINE, savedFeedback } from "./saved-offline.tsx";

describe("savedFeedback", () => {
  it("online, says what was saved", () => {
    expect(savedFeedback('Project "Atlas" updated.', false)).toEqual({
      tone: "success",
      text: 'Project "Atlas" updated.',
    });
  });

  it("offline, says the change is on this computer and syncs when online, with what was saved below", () => {
    expect(SAVED_OFFLINE).toBe("Saved on this computer, it will sync when you are online");
    expect(savedFeedback('Project "Atlas" updated.', true)).toEqual({
      tone: "info",
      text: "Saved on this computer, it will sync when you are online",
      detail: 'Project "Atlas" updated.',
    });
  });
});
