/**
 * Cat of the day: the server's pick for the (UTC) day, refreshed after midnight; retries when unreachable. A
 * hidden source (OBS off-scene) runs no timer: shown again past the time, it asks at once.
 */
import type { CatOfTheDay } from "@portfolio/core/domain";
import { CatIcon, cx, useAuth } from "@portfolio/ui";
import { useEffect, useState } from "react";
import { backoffDelay } from "../../common/backoff.ts";
import { onVisibilityChange, pageIsVisible } from "../page-visibility.ts";
import { CAT_IMAGE_PATH, catPictureSrc, DEMO_CAT_URL, formatCatDate, msUntilNextCat } from "./cat-day.ts";
import type { CatOptions } from "./cat-options.ts";

type CatState = { status: "loading" } | { status: "ready"; cat: CatOfTheDay; src: string } | { status: "failed" };

export default function CatWidget({ options, preview = false }: { options: CatOptions; preview?: boolean }) {
  const { api } = useAuth();
  const [state, setState] = useState<CatState>({ status: "loading" });
  const [imageFailed, setImageFailed] = useState(false);
  // The picture's address before the day's answer is in (the server's redirect to today's picture).
  const firstSrc = options.demo ? DEMO_CAT_URL : CAT_IMAGE_PATH;

  useEffect(() => {
    if (options.demo) {
      setState({
        status: "ready",
        cat: { url: DEMO_CAT_URL, date: new Date().toISOString().slice(0, 10), source: "fallback" },
        src: DEMO_CAT_URL,
      });
      return;
    }
    let live = true;
    let timer = 0;
    /** When the next question is due (the next day, or the next try), 0 when none is. */
    let dueAt = 0;
    let attempt = 0;
    let firstDay: string | null = null;
    const ask = () => {
      timer = 0;
      dueAt = 0;
      load();
    };
    const askIn = (ms: number) => {
      dueAt = Date.now() + ms;
      if (pageIsVisible()) timer = window.setTimeout(ask, ms);
    };
    const load = () => {
      api.call("tools.catOfTheDay", {}).then(
        (cat) => {
          if (!live) return;
          attempt = 0;
          setImageFailed(false);
          firstDay ??= cat.date;
          setState({ status: "ready", cat, src: catPictureSrc(firstDay, cat.date) });
          askIn(msUntilNextCat(Date.now()));
        },
        () => {
          if (!live) return;
          setState((current) => (current.status === "ready" ? current : { status: "failed" }));
          askIn(backoffDelay(attempt++, Math.random(), { baseMs: 5000, maxMs: 300_000 }));
        },
      );
    };
    load();
    const stopWatching = onVisibilityChange((visible) => {
      window.clearTimeout(timer);
      timer = 0;
      if (visible && dueAt) timer = window.setTimeout(ask, Math.max(0, dueAt - Date.now()));
    });
    return () => {
      live = false;
      stopWatching();
      window.clearTimeout(timer);
    };
  }, [api, options.demo]);

  return (
    <div
      className={cx("flex items-center justify-center p-4", preview ? "h-full" : "h-dvh")}
      data-testid="cat-widget"
      data-status={state.status}
    >
      <figure className="flex max-w-full flex-col items-center" style={{ width: options.size }}>
        <div className="aspect-square w-full overflow-hidden rounded-[1.25rem] border-4 border-white bg-slate-900/30 shadow-2xl shadow-black/40">
          {state.status !== "failed" && !imageFailed ? (
            <img
              // In the prerendered HTML, so it loads beside the scripts, not after them and the day's answer
              // (see catPictureSrc).
              src={state.status === "ready" ? state.src : firstSrc}
              alt={
                state.status === "ready"
                  ? `The cat of the day for ${formatCatDate(state.cat.date)}`
                  : "Today's cat of the day"
              }
              // No fade-in for the first picture (it is there from the start, and a fade would hold back the
              // page's largest paint); a later day's picture fades in.
              className={cx(
                "size-full object-cover",
                state.status === "ready" && state.src !== CAT_IMAGE_PATH && "widget-in",
              )}
              // The largest thing on the page: ahead of the scripts, which the picture does not need.
              fetchPriority="high"
              onError={() => setImageFailed(true)}
              data-testid="cat-image"
              data-source={state.status === "ready" ? state.cat.source : undefined}
            />
          ) : (
            <div className="flex size-full flex-col items-center justify-center gap-2 text-white/90" role="status">
              <CatIcon
                size={Math.round(options.size / 4)}
                className={state.status === "loading" ? "motion-safe:animate-pulse" : ""}
              />
              <span className="widget-text text-sm font-semibold">
                {state.status === "loading" ? "Fetching today's cat…" : "The cat is napping. Back soon!"}
              </span>
            </div>
          )}
        </div>
        {options.caption ? (
          // A dark pill, not a text shadow: readable over any stream picture, and measurably so (WCAG AA).
          <figcaption
            className="mx-auto mt-3 w-fit rounded-lg bg-black/70 px-3 py-1.5 text-center leading-tight text-white"
            data-testid="cat-caption"
          >
            <span className="block text-[1.4rem] font-extrabold">{options.title}</span>
            {/* The date's line is kept while the answer loads: the picture above does not move when it comes. */}
            <span className="block text-sm font-semibold">
              {state.status === "ready" ? formatCatDate(state.cat.date) : "\u00a0"}
            </span>
          </figcaption>
        ) : null}
      </figure>
    </div>
  );
}
