import type { PlaylistVideo } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { openOnYouTubeUrl, smallThumbnail, videoUrlsText, WATCH_VIDEOS_MAX, watchUrl } from "./youtube-links.ts";

const videos: PlaylistVideo[] = Array.from({ length: 60 }, (_, i) => ({
  id: `id${i}`,
  title: "",
  thumbnail: "",
  channel: "",
  duration: "",
}));

describe("YouTube links", () => {
  it("copies one watch URL per line, in the shuffled order", () => {
    expect(videoUrlsText(videos.slice(0, 2))).toBe(
      "https://www.youtube.com/watch?v=id0\nhttps://www.youtube.com/watch?v=id1",
    );
    expect(watchUrl("a b")).toBe("https://www.youtube.com/watch?v=a%20b");
  });

  it("opens the queue on YouTube from comma-joined ids, at most 50 from the current track", () => {
    expect(openOnYouTubeUrl(videos.slice(0, 3))).toBe("https://www.youtube.com/watch_videos?video_ids=id0,id1,id2");
    const fromTen = new URL(openOnYouTubeUrl(videos, 10)).searchParams.get("video_ids")?.split(",") ?? [];
    expect(fromTen).toHaveLength(WATCH_VIDEOS_MAX);
    expect(fromTen[0]).toBe("id10");
    expect(openOnYouTubeUrl(videos, 59)).toBe("https://www.youtube.com/watch_videos?video_ids=id59");
    expect(openOnYouTubeUrl(videos, 500)).toBe("https://www.youtube.com/watch_videos?video_ids=id59");
  });
});

describe("list thumbnails", () => {
  it("uses YouTube's smallest thumbnail for its own URLs only", () => {
    expect(smallThumbnail("https://i.ytimg.com/vi/abc_-12/mqdefault.jpg")).toBe(
      "https://i.ytimg.com/vi/abc_-12/default.jpg",
    );
    expect(smallThumbnail("https://i.ytimg.com/vi/abc/hqdefault.jpg")).toBe("https://i.ytimg.com/vi/abc/default.jpg");
    expect(smallThumbnail("https://i.ytimg.com/vi/abc/default.jpg")).toBe("https://i.ytimg.com/vi/abc/default.jpg");
    expect(smallThumbnail("https://example.com/vi/abc/mqdefault.jpg")).toBe("https://example.com/vi/abc/mqdefault.jpg");
    expect(smallThumbnail("")).toBe("");
  });
});
