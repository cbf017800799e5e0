import type { PlaylistVideo } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import {
  clearSavedPlaylist,
  loadSavedPlaylist,
  PLAYLIST_STORAGE_KEY,
  SAVED_PLAYLIST_TTL_MS,
  type SavedPlaylist,
  savePlaylist,
} from "./playlist-storage.ts";

class MemoryStorage {
  items = new Map<string, string>();
  full = false;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException("full", "QuotaExceededError");
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const video = (id: string): PlaylistVideo => ({ id, title: `T ${id}`, thumbnail: "t", channel: "c", duration: "1:00" });
const NOW = Date.UTC(2026, 0, 10);
const record: SavedPlaylist = {
  videos: [video("a"), video("b")],
  shuffledVideos: [video("b"), video("a")],
  currentIndex: 1,
  playlistUrl: "https://www.youtube.com/playlist?list=PLabc",
  timestamp: NOW,
  seed: 42,
  playlistIds: ["PLabc"],
  loop: true,
};

describe("saved playlist", () => {
  it("saves the spec's fields and reads them back", () => {
    const storage = new MemoryStorage();
    expect(savePlaylist(storage, record)).toBe(true);
    const saved = JSON.parse(storage.getItem(PLAYLIST_STORAGE_KEY) ?? "{}");
    for (const field of ["videos", "shuffledVideos", "currentIndex", "playlistUrl", "timestamp"]) {
      expect(saved).toHaveProperty(field);
    }
    expect(loadSavedPlaylist(storage, NOW + 1000)).toEqual(record);
  });

  it("never brings Autoplay back from an older record: every session starts with it OFF", () => {
    const storage = new MemoryStorage();
    storage.setItem(PLAYLIST_STORAGE_KEY, JSON.stringify({ ...record, autoplay: true }));
    expect(loadSavedPlaylist(storage, NOW)).not.toHaveProperty("autoplay");
  });

  it("expires 3 days after it was saved, and is removed then", () => {
    const storage = new MemoryStorage();
    savePlaylist(storage, record);
    expect(loadSavedPlaylist(storage, NOW + SAVED_PLAYLIST_TTL_MS - 1)).not.toBeNull();
    expect(loadSavedPlaylist(storage, NOW + SAVED_PLAYLIST_TTL_MS)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it("drops records it cannot trust", () => {
    const cases: unknown[] = [
      "not json",
      null,
      [],
      { ...record, videos: [] },
      { ...record, shuffledVideos: [{ id: 1 }] },
      { ...record, timestamp: "yesterday" },
      { ...record, playlistUrl: undefined },
    ];
    for (const value of cases) {
      const storage = new MemoryStorage();
      storage.setItem(PLAYLIST_STORAGE_KEY, typeof value === "string" ? value : JSON.stringify(value));
      expect(loadSavedPlaylist(storage, NOW), JSON.stringify(value)).toBeNull();
      expect(storage.items.size).toBe(0);
    }
  });

  it("clamps the position and ignores optional fields of the wrong type", () => {
    const storage = new MemoryStorage();
    storage.setItem(
      PLAYLIST_STORAGE_KEY,
      JSON.stringify({ ...record, currentIndex: 7, seed: -4, playlistIds: [1], loop: "yes" }),
    );
    const loaded = loadSavedPlaylist(storage, NOW);
    expect(loaded?.currentIndex).toBe(1);
    expect(loaded?.seed).toBeUndefined();
    expect(loaded?.playlistIds).toBeUndefined();
    expect(loaded?.loop).toBeUndefined();
  });

  it("survives a full or missing storage", () => {
    const storage = new MemoryStorage();
    storage.full = true;
    expect(savePlaylist(storage, record)).toBe(false);
    expect(savePlaylist(undefined, record)).toBe(false);
    expect(loadSavedPlaylist(undefined, NOW)).toBeNull();
    clearSavedPlaylist(undefined);
  });

  it("is cleared on request", () => {
    const storage = new MemoryStorage();
    savePlaylist(storage, record);
    clearSavedPlaylist(storage);
    expect(loadSavedPlaylist(storage, NOW)).toBeNull();
  });
});
