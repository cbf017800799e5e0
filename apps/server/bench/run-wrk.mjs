// Loads one server with wrk (Debian's `wrk`, written in C) instead of autocannon when /usr/bin/wrk is
// present. autocannon parses every answer in JavaScript on the same two cores as the servers it loads:
// profiled, our server sat idle two thirds of a run while autocannon's cost per answer (which grows with the
// header block) decided the ratio between the targets more than the targets did. wrk with one thread takes
// at most one core and costs about the same per answer whatever the headers, so the ratio is the servers'.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runGenerator } from "./run-generator.mjs";

export const WRK = "/usr/bin/wrk";
const report = fileURLToPath(new URL("./wrk-report.lua", import.meta.url));

export function wrkAvailable() {
  return existsSync(WRK);
}

/**
 * The same summary as runAutocannon: rps, p50 and p99 in ms (from wrk's latency distribution), the total,
 * and non2xx / errors / timeouts (wrk counts status >= 400 as non-2xx; a 3xx would pass both generators).
 * @returns {Promise<{ rps: number, p50: number, p99: number, total: number, non2xx: number, errors: number, timeouts: number }>}
 */
export function runWrk(url, { connections, durationS }) {
  // One thread: the generator takes at most one of the two cores. Plain GETs, no If-None-Match.
  const args = ["-t1", `-c${connections}`, `-d${durationS}s`, "--latency", "-s", report, url];
  return runGenerator("wrk", WRK, args, summarize);
}

/** wrk's report (wrk-report.lua) is the last line of its output, after wrk's own text. */
function summarize(stdout) {
  const line = stdout.trim().split("\n").at(-1);
  const r = JSON.parse(line);
  if (!(r.durationUs > 0)) throw new Error("no duration");
  return {
    rps: r.requests / (r.durationUs / 1e6),
    p50: r.p50Us / 1000,
    p99: r.p99Us / 1000,
    total: r.requests,
    non2xx: r.non2xx,
    errors: r.connectErrors + r.readErrors + r.writeErrors,
    timeouts: r.timeouts,
  };
}
