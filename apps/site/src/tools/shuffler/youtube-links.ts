/** Links to YouTube for the shuffled list: each video's page, and the whole queue as a temporary playlist. */
import type { PlaylistVideo } from "@portfolio/core/domain";

/** YouTube's watch_videos link takes at most 50 ids. */
export const WATCH_VIDEOS_MAX = 50;

export function watchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
}

/** Every video's URL in the shuffled order, one per line (what Copy URLs puts on the clipboard). */
export function videoUrlsText(videos: readonly PlaylistVideo[]): string {
  return videos.map((video) => watchUrl(video.id)).join("\n");
}

/**
 * 'Open on YouTube': the comma-joined ids as a temporary YouTube playlist, from the current track on
 * (YouTube keeps the first 50).
 */
export function openOnYouTubeUrl(videos: readonly PlaylistVideo[], fromIndex = 0): string {
  const start = Math.min(Math.max(0, fromIndex), Math.max(0, videos.length - 1));
  const ids = videos.slice(start, start + WATCH_VIDEOS_MAX).map((video) => video.id);
  return `https://www.youtube.com/watch_videos?video_ids=${ids.join(",")}`;
}

/**
 * The smallest thumbnail YouTube has for a video (120×90, a few KB) for the list's 64-pixel rows, when the
 * URL is one of YouTube's own; anything else is left as it is. Its 4:3 frame has bars above and below a
 * 16:9 picture, which a 16:9 box with object-fit: cover crops away.
 */
export function smallThumbnail(url: string): string {
  return url.replace(/^(https:\/\/i\.ytimg\.com\/vi\/[\w-]+\/)(?:mq|hq|sd|maxres)default\.jpg$/, "$1default.jpg");
}
