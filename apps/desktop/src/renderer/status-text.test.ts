import { describe, expect, it } from "vitest";
import {
  attentionText,
  connectionText,
  downloadText,
  lastSyncedText,
  pendingText,
  progressPercent,
  progressText,
} from "./status-text.ts";

describe("status area texts", () => {
  it("says Online or Offline when connected, 'Working locally' otherwise", () => {
    expect(connectionText({ mode: "connected", online: true })).toBe("Online");
    expect(connectionText({ mode: "connected", online: false })).toBe("Offline");
    expect(connectionText({ mode: "local", online: false })).toBe("Working locally");
  });

  it("counts the changes waiting, singular for one", () => {
    expect(pendingText(0)).toBe("0 changes waiting");
    expect(pendingText(1)).toBe("1 change waiting");
    expect(pendingText(20)).toBe("20 changes waiting");
  });

  it("says when the last sync was, or that there was none", () => {
    const now = new Date("2026-11-21T12:00:00.000Z");
    expect(lastSyncedText("2026-11-21T11:57:00.000Z", now)).toBe("Last synced 3 minutes ago");
    expect(lastSyncedText(null, now)).toBe("Not synced yet");
  });

  it("turns progress into a percentage, capped at 100", () => {
    expect(progressPercent({ done: 250, total: 1000 })).toBe(25);
    expect(progressPercent({ done: 3, total: 2 })).toBe(100);
    expect(progressPercent({ done: 0, total: 0 })).toBe(0);
    expect(progressPercent(null)).toBe(0);
  });

  it("describes progress while syncing", () => {
    expect(progressText({ done: 120, total: 500 })).toBe("Syncing 120 of 500 changes…");
    expect(progressText(null)).toBe("Syncing…");
  });

  it("names how many changes need attention", () => {
    expect(attentionText(1)).toBe("Needs attention (1)");
    expect(attentionText(2)).toBe("Needs attention (2)");
  });
});

describe("downloadText", () => {
  it("says how many projects of how many have come, with thousands separated", () => {
    expect(downloadText({ received: 3200, total: 10000, paused: false })).toBe("Downloading 3,200 of 10,000 projects");
  });

  it("says where a download the owner stopped waits", () => {
    expect(downloadText({ received: 2000, total: 2500, paused: true })).toBe(
      "Download paused at 2,000 of 2,500 projects",
    );
  });
});
