/**
 * The answer to a Next or Previous pressed inside the 1 s advance guard: a short message over the player,
 * announced politely to screen readers, instead of a press that seems to do nothing.
 */
import { cx } from "@portfolio/ui";
import { useEffect, useState } from "react";
import { ADVANCE_GUARD_MESSAGE } from "../shuffler-messages.ts";

/** How long the message stays after the last refused press. */
export const GUARD_NOTICE_MS = 1500;

export function AdvanceGuardNotice({ presses }: { presses: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (presses === 0) {
      setShown(false);
      return;
    }
    setShown(true);
    const timer = window.setTimeout(() => setShown(false), GUARD_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [presses]);

  // The live region is always there (an announcement needs a region that already exists); only its text comes
  // and goes.
  return (
    <p
      role="status"
      className={cx(
        "pointer-events-none absolute inset-x-0 bottom-3 mx-auto w-fit max-w-[90%] rounded-full text-center text-sm font-medium",
        shown ? "bg-slate-900 px-4 py-2 text-white shadow-lg ring-1 ring-white/20" : "",
      )}
      data-testid="advance-guard-notice"
    >
      {shown ? ADVANCE_GUARD_MESSAGE : ""}
    </p>
  );
}
