/**
 * Runs housekeeping (core `runHousekeepingIfDue`) shortly after start and then every interval. Every
 * instance keeps this timer; the lease in the database lets one of them do the work per interval. A failure
 * is logged and the next tick tries again; the timer never keeps the process alive. Housekeeping's module
 * (and every service it prunes through) is imported at the first tick, not at start (docs/performance.md, "Start").
 */
import type { Core } from "@portfolio/core/services/context";
import { newId } from "@portfolio/core/services/secrets";

export interface HousekeepingSchedule {
  stop(): void;
}

export function scheduleHousekeeping(
  core: Core,
  log: (line: string) => void,
  options: { firstDelayMs?: number; intervalMs?: number } = {},
): HousekeepingSchedule {
  const holder = newId();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let intervalMs = options.intervalMs;
  const tick = async () => {
    try {
      const { HOUSEKEEPING_INTERVAL_MS, runHousekeepingIfDue } = await import("@portfolio/core/services/housekeeping");
      intervalMs ??= HOUSEKEEPING_INTERVAL_MS;
      const result = await runHousekeepingIfDue(core, holder, intervalMs);
      if (result) {
        const removed = Object.entries(result).filter(([, n]) => n > 0);
        if (removed.length > 0) log(`Housekeeping removed ${removed.map(([what, n]) => `${n} ${what}`).join(", ")}.`);
      }
    } catch (error) {
      log(`Housekeeping failed (tried again in an hour): ${error instanceof Error ? error.message : String(error)}`);
    }
    // (Unset only when the import itself failed: the hour is then tried again.)
    if (!stopped) timer = setTimeout(tick, intervalMs ?? 60 * 60 * 1000).unref();
  };
  timer = setTimeout(tick, options.firstDelayMs ?? 60_000).unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
