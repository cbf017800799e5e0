/** The current-track card: thumbnail, title, channel, duration and 'Track N of M'. */
import type { PlaylistVideo } from "@portfolio/core/domain";
import { cx, ExternalLinkIcon, FOCUS_RING } from "@portfolio/ui";
import type { Ref } from "react";
import { watchUrl } from "../youtube-links.ts";
import { Thumbnail } from "./Thumbnail.tsx";

export function NowPlaying({
  ref,
  video,
  index,
  total,
  finished,
  loop,
}: {
  ref?: Ref<HTMLElement>;
  video: PlaylistVideo;
  index: number;
  total: number;
  finished: boolean;
  loop: boolean;
}) {
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-label="Current track"
      className="flex gap-4 rounded-2xl outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      data-testid="now-playing"
    >
      <Thumbnail
        src={video.thumbnail}
        width={160}
        height={90}
        className="aspect-video w-28 shrink-0 rounded-lg sm:w-40"
      />
      <div className="min-w-0 flex-1">
        <p
          className="text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300"
          data-testid="track-position"
        >
          Track {index + 1} of {total}
        </p>
        <p className="mt-1 line-clamp-2 font-semibold text-slate-900 dark:text-white" data-testid="track-title">
          {video.title}
        </p>
        <p className="sr-only" aria-live="polite">
          Now playing {video.title}, track {index + 1} of {total}.
        </p>
        <p className="mt-0.5 truncate text-sm text-slate-600 dark:text-slate-400">
          {video.channel || "Unknown channel"}
          {video.duration ? <span className="tabular-nums"> · {video.duration}</span> : null}
        </p>
        <a
          href={watchUrl(video.id)}
          target="_blank"
          rel="noopener noreferrer"
          className={cx(
            "mt-2 inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300",
            FOCUS_RING,
          )}
        >
          Watch on YouTube
          <ExternalLinkIcon size={14} />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        {finished && !loop ? (
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" role="status" data-testid="playlist-finished">
            That was the last track. Turn on Loop to start over, or pick a track to play.
          </p>
        ) : null}
      </div>
    </section>
  );
}
