/** Cat of the day: the server's pick for the (UTC) day, refreshed after midnight; retries when unreachable. */
import type { CatOfTheDay } from "@portfolio/core/domain";
import { CatIcon, cx, useAuth } from "@portfolio/ui";
import { useEffect, useState } from "react";
import { backoffDelay } from "../../common/backoff.ts";
import { type CatOptions, DEMO_CAT_URL, formatCatDate, msUntilNextCat } from "./cat-options.ts";

type CatState = { status: "loading" } | { status: "ready"; cat: CatOfTheDay } | { status: "failed" };

export default function CatWidget({ options, preview = false }: { options: CatOptions; preview?: boolean }) {
  const { api } = useAuth();
  const [state, setState] = useState<CatState>({ status: "loading" });
  const [imageFailed, setImageFailed] = useState(false);

  useEffect(() => {
    if (options.demo) {
      setState({
        status: "ready",
        cat: { url: DEMO_CAT_URL, date: new Date().toISOString().slice(0, 10), source: "fallback" },
      });
      return;
    }
    let live = true;
    let timer = 0;
    let attempt = 0;
    const load = () => {
      api.getCatOfTheDay().then(
        (cat) => {
          if (!live) return;
          attempt = 0;
          setImageFailed(false);
          setState({ status: "ready", cat });
          timer = window.setTimeout(load, msUntilNextCat(Date.now()));
        },
        () => {
          if (!live) return;
          setState((current) => (current.status === "ready" ? current : { status: "failed" }));
          timer = window.setTimeout(load, backoffDelay(attempt++, Math.random(), { baseMs: 5000, maxMs: 300_000 }));
        },
      );
    };
    load();
    return () => {
      live = false;
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
          {state.status === "ready" && !imageFailed ? (
            <img
              src={state.cat.url}
              alt={`The cat of the day for ${formatCatDate(state.cat.date)}`}
              className="widget-in size-full object-cover"
              onError={() => setImageFailed(true)}
              data-testid="cat-image"
              data-source={state.cat.source}
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
            {state.status === "ready" ? (
              <span className="block text-sm font-semibold">{formatCatDate(state.cat.date)}</span>
            ) : null}
          </figcaption>
        ) : null}
      </figure>
    </div>
  );
}
