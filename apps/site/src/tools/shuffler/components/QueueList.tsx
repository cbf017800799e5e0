/**
 * 'Shuffled Playlist (N songs)': minimisable, about 24rem high, virtualised (only the rows in view are in
 * the DOM, so 5,000 tracks scroll smoothly), with a play button per track, Copy URLs and Open on YouTube.
 */
import type { PlaylistVideo } from "@portfolio/core/domain";
import {
  buttonClasses,
  CheckIcon,
  ChevronDownIcon,
  CopyIcon,
  cx,
  EqualizerIcon,
  ExternalLinkIcon,
  FOCUS_RING,
  PlayIcon,
} from "@portfolio/ui";
import { memo, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useCopy } from "../../common/use-copy.ts";
import { scrollTopToReveal, visibleRange } from "../virtual-range.ts";
import { openOnYouTubeUrl, smallThumbnail, videoUrlsText } from "../youtube-links.ts";
import { Thumbnail } from "./Thumbnail.tsx";

export const ROW_HEIGHT = 64;
const OVERSCAN = 6;
/**
 * Rows are keyed by slot (index modulo this), so scrolling reuses the same few DOM nodes with new content
 * instead of creating and dropping elements every frame. Must exceed the rows in the window.
 */
const SLOTS = 64;
/** 24rem, the list's height when it is full. */
const VIEWPORT = 384;
/** Scrolling counts as ongoing until this long after the last scroll event. */
const SCROLL_IDLE_MS = 120;
/** A mark for the figures (bench:shuffler): the list is on screen and the page can take input. */
export const LIST_READY_MARK = "shuffler:list-interactive";

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

export interface QueueListProps {
  videos: readonly PlaylistVideo[];
  currentIndex: number;
  onSelect: (index: number) => void;
}

export function QueueList({ videos, currentIndex, onSelect }: QueueListProps) {
  const [open, setOpen] = useState(true);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(VIEWPORT);
  // While the list flies by, rows that come into view wait for their thumbnail until it settles: decoding
  // dozens of images a second is what costs frames, and nobody can see them at that speed anyway.
  const [scrolling, setScrolling] = useState(false);
  const idle = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(idle.current), []);
  const onScroll = (top: number) => {
    setScrollTop(top);
    setScrolling(true);
    window.clearTimeout(idle.current);
    idle.current = window.setTimeout(() => setScrolling(false), SCROLL_IDLE_MS);
  };
  const scroller = useRef<HTMLElement>(null);
  const headingId = useId();
  const listId = useId();
  const { copied, failed, copy } = useCopy();
  const count = videos.length;

  useIsomorphicLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    setViewport(element.clientHeight || VIEWPORT);
    const observer = new ResizeObserver(() => setViewport(element.clientHeight || VIEWPORT));
    observer.observe(element);
    return () => observer.disconnect();
  }, [open]);

  // Keep the current track in view when it changes (not while the visitor scrolls elsewhere otherwise).
  useEffect(() => {
    const element = scroller.current;
    if (!element || !open) return;
    const top = scrollTopToReveal(currentIndex, ROW_HEIGHT, element.scrollTop, element.clientHeight || VIEWPORT);
    if (top !== null) {
      element.scrollTop = top;
      setScrollTop(top);
    }
  }, [currentIndex, open]);

  // Reset the scroll position for a new list (a re-shuffle starts at the top).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new list, which `videos` stands for.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setScrollTop(0);
    if (count === 0) return;
    // After the next paint, once the main thread is free: the list can be used.
    let frame = requestAnimationFrame(() => {
      frame = 0;
      setTimeout(() => performance.mark(LIST_READY_MARK), 0);
    });
    return () => {
      if (frame) cancelAnimationFrame(frame);
    };
  }, [videos, count]);

  const { start, end } = visibleRange({
    scrollTop,
    viewportHeight: viewport,
    rowHeight: ROW_HEIGHT,
    count,
    overscan: OVERSCAN,
  });
  const rows = [];
  for (let i = start; i < end; i++) {
    const video = videos[i];
    if (video) {
      rows.push(
        <QueueRow
          key={i % SLOTS}
          video={video}
          index={i}
          count={count}
          current={i === currentIndex}
          deferImage={scrolling}
          onSelect={onSelect}
        />,
      );
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
      data-testid="queue"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 p-4 dark:border-slate-800">
        <h2 id={headingId} className="min-w-0 text-base font-semibold text-slate-900 dark:text-white">
          Shuffled Playlist ({count} {count === 1 ? "song" : "songs"})
        </h2>
        <button
          type="button"
          onClick={() => setOpen((v) => !v)}
          aria-expanded={open}
          aria-controls={listId}
          aria-label={open ? "Minimise the list" : "Show the list"}
          title={open ? "Minimise the list" : "Show the list"}
          className={cx(
            "flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
            FOCUS_RING,
          )}
        >
          <ChevronDownIcon size={18} className={cx("transition-transform", open ? "rotate-180" : "")} />
        </button>
      </div>
      <div id={listId} hidden={!open}>
        <section
          ref={scroller}
          onScroll={(event) => onScroll(event.currentTarget.scrollTop)}
          className="max-h-96 overflow-y-auto overscroll-contain"
          data-testid="queue-scroller"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
          aria-label="Shuffled tracks"
        >
          <ol className="relative m-0 list-none p-0" style={{ height: count * ROW_HEIGHT }}>
            {rows}
          </ol>
        </section>
        <div className="flex flex-wrap gap-2 border-t border-slate-200 p-4 dark:border-slate-800">
          <button
            type="button"
            onClick={() => copy(videoUrlsText(videos))}
            className={buttonClasses("secondary", "sm")}
            aria-live="polite"
          >
            {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
            {copied ? "Copied!" : failed ? "Copy failed" : "Copy URLs"}
          </button>
          <a
            href={openOnYouTubeUrl(videos, currentIndex)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses("secondary", "sm")}
            title="Opens the next 50 tracks as a temporary YouTube playlist"
            data-testid="open-on-youtube"
          >
            <ExternalLinkIcon size={16} />
            Open on YouTube
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
      </div>
    </section>
  );
}

const QueueRow = memo(function QueueRow({
  video,
  index,
  count,
  current,
  deferImage,
  onSelect,
}: {
  video: PlaylistVideo;
  index: number;
  count: number;
  current: boolean;
  deferImage: boolean;
  onSelect: (index: number) => void;
}) {
  // Which video this row last showed a thumbnail for (kept while scrolling fast, see QueueList).
  const [imageFor, setImageFor] = useState<string | null>(deferImage ? null : video.id);
  if (!deferImage && imageFor !== video.id) setImageFor(video.id);
  const showImage = imageFor === video.id;
  return (
    <li
      aria-setsize={count}
      aria-posinset={index + 1}
      aria-current={current || undefined}
      data-testid="queue-row"
      data-index={index}
      className={cx(
        "absolute inset-x-0 top-0 flex items-center gap-3 px-3",
        current ? "bg-indigo-50 dark:bg-indigo-950/60" : "hover:bg-slate-50 dark:hover:bg-slate-800/60",
      )}
      style={{ height: ROW_HEIGHT, transform: `translateY(${index * ROW_HEIGHT}px)` }}
    >
      <span
        className={cx(
          "w-10 shrink-0 text-right text-xs tabular-nums",
          current ? "text-indigo-700 dark:text-indigo-300" : "text-slate-600 dark:text-slate-400",
        )}
      >
        {current ? <EqualizerIcon size={16} className="ml-auto" /> : index + 1}
      </span>
      {showImage ? (
        <Thumbnail
          src={smallThumbnail(video.thumbnail)}
          width={64}
          height={36}
          lazy
          className="aspect-video w-16 shrink-0 rounded"
        />
      ) : (
        <span className="aspect-video w-16 shrink-0 rounded bg-slate-200 dark:bg-slate-800" />
      )}
      <span className="min-w-0 flex-1">
        <span
          className={cx(
            "block truncate text-sm font-medium",
            current ? "text-indigo-900 dark:text-indigo-100" : "text-slate-900 dark:text-slate-100",
          )}
        >
          {current ? <span className="sr-only">Now playing: </span> : null}
          {video.title}
        </span>
        <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
          {video.channel}
          {video.duration ? ` · ${video.duration}` : ""}
        </span>
      </span>
      <button
        type="button"
        onClick={() => onSelect(index)}
        aria-label={`Play ${video.title}`}
        className={cx(
          "flex size-9 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-indigo-100 hover:text-indigo-700 dark:text-slate-300 dark:hover:bg-indigo-900 dark:hover:text-indigo-200",
          FOCUS_RING,
        )}
      >
        <PlayIcon size={16} />
      </button>
    </li>
  );
});
