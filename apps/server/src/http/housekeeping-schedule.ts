/**
 * Runs housekeeping (core `runHousekeepingIfDue`) shortly after start and then every interval. Every
 * instance keeps this timer; the lease in the database lets one of them do the work per interval. A failure
 * is logged and the next tick tries again; the timer never keeps the process alive.
 */
import { type Core, HOUSEKEEPING_INTERVAL_MS, newId, runHousekeepingIfDue } from "@portfolio/core/services";

export interface HousekeepingSchedule {
  stop(): void;
}

export function scheduleHousekeeping(
  core: Core,
  log: (line: string) => void,
  options: { firstDelayMs?: number; intervalMs?: number } = {},
): HousekeepingSchedule {
  const holder = newId();
  const intervalMs = options.intervalMs ?? HOUSEKEEPING_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      const result = await runHousekeepingIfDue(core, holder, intervalMs);
      if (result) {
        const removed = Object.entries(result).filter(([, n]) => n > 0);
        if (removed.length > 0) log(`Housekeeping removed ${removed.map(([what, n]) => `${n} ${what}`).join(", ")}.`);
      }
    } catch (error) {
      log(`Housekeeping failed (tried again in an hour): ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!stopped) timer = setTimeout(tick, intervalMs).unref();
  };
  timer = setTimeout(tick, options.firstDelayMs ?? 60_000).unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
