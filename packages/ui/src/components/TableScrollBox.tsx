/** The rounded card a wide table scrolls inside (never the page), with a fade where more columns wait. */
import { type ReactNode, useRef } from "react";
import { ScrollCue } from "./ScrollCue.tsx";
import { useOverflowCue } from "./use-overflow-cue.ts";

export function TableScrollBox({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const cue = useOverflowCue(box);
  return (
    <div className="relative">
      <div
        ref={box}
        className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        {children}
      </div>
      <ScrollCue cue={cue} surface="card" />
    </div>
  );
}
