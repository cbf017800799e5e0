/** Fades over the edges of a sideways-scrolling box where more content waits (see use-overflow-cue.ts). */
import { cx } from "./cx.ts";
import type { OverflowCue } from "./use-overflow-cue.ts";

const FADE = "pointer-events-none absolute inset-y-0 w-10 from-slate-50 to-transparent dark:from-slate-950";

/** `surface`: the colour the content sits on, so the fade blends into it. */
export function ScrollCue({ cue, surface = "page" }: { cue: OverflowCue; surface?: "page" | "card" }) {
  const from = surface === "card" ? "from-white dark:from-slate-900" : "";
  return (
    <>
      {cue.before ? (
        <span
          aria-hidden="true"
          data-testid="scroll-cue-before"
          className={cx(FADE, from, "left-0 bg-gradient-to-r")}
        />
      ) : null}
      {cue.after ? (
        <span
          aria-hidden="true"
          data-testid="scroll-cue-after"
          className={cx(FADE, from, "right-0 bg-gradient-to-l")}
        />
      ) : null}
    </>
  );
}
