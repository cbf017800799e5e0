// Turns per-target averages into the printed report: the table, the ratios to
// the two ceilings, cold start, and each goal from the issue as PASS/MISS.

import { fmt, median } from "./stats.mjs";

// Goals from the issues; ours is the only target held to them. The ratio goal counts only over at least
// MIN_ROUNDS rounds.
const MIN_ROUNDS = 5;
export const GOALS = {
  minRatioToExpress: 1.0,
  minRatioToBare: 0.9,
  maxP99Ms: 5,
  maxPeakRssMb: 150,
  maxColdStartMs: 500,
  maxWarmStartMs: 300,
  minCachedToBare: 1.0,
};

/** The ceiling's CPU per answer over the target's, or n/a where either was not measured. */
function cpuRatio(ceiling, target) {
  const [a, b] = [ceiling.cpuUsPerRequest, target.cpuUsPerRequest];
  return a > 0 && b > 0 ? fmt(a / b, 2) : "n/a";
}

function table(rows, header) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  // First column left-aligned (names), the rest right-aligned (numbers).
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/**
 * @param {{ label: string, rps: number, rpsPerRound: number[], cpuUsPerRequest: number | null, p50: number, p99: number, peakRssMb: number | null, non2xx: number, errors: number, timeouts: number }[]} results
 *   in the order ours, minimal Express, bare node:http, and ours behind nginx with its cache when it ran
 */
export function printReport({ results, coldStartMs, warmStartMs, settings }) {
  const [ours, express, bare, cached] = results;
  const out = [];
  out.push(
    `API bench: GET /api/projects, ${settings.connections} connections, ${settings.durationS} s x ${settings.rounds} round(s) per target, ${settings.bodyBytes} B body, load by ${settings.generator}`,
    "",
    table(
      results.map((r) => [
        r.label,
        fmt(r.rps, 0),
        fmt(r.p50, 2),
        fmt(r.p99, 2),
        fmt(r.peakRssMb, 1),
        fmt(r.cpuUsPerRequest, 1),
      ]),
      ["target", "req/s (median)", "p50 ms", "p99 ms", "peak RSS MB", "CPU us/answer"],
    ),
  );

  // A server answering 4xx/5xx (a rate limiter, say) would look fast for the
  // wrong reason, so such runs are called out rather than silently averaged.
  for (const r of results) {
    if (r.non2xx || r.errors || r.timeouts) {
      out.push(`warning: ${r.label} had ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
    }
  }

  // Per round: ours against the ceilings measured right after it in the same round.
  const perRound = (ceiling, target = ours) => target.rpsPerRound.map((rps, i) => rps / ceiling.rpsPerRound[i]);
  const spread = (ratios) =>
    `median ${fmt(median(ratios), 2)}, spread ${fmt(Math.min(...ratios), 2)}-${fmt(Math.max(...ratios), 2)} (rounds: ${ratios.map((r) => fmt(r, 2)).join(", ")})`;
  const expressRatios = perRound(express);
  const ratioExpress = median(expressRatios);
  const bareRatios = perRound(bare);
  const ratioBare = median(bareRatios);
  const cachedRatios = cached ? perRound(bare, cached) : [];
  const ratioCached = cached ? median(cachedRatios) : null;
  out.push(
    "",
    `ours / ${express.label}: ${spread(expressRatios)}`,
    `ours / ${bare.label}: ${spread(bareRatios)}`,
    ...(cached ? [`${cached.label} / ${bare.label}: ${spread(cachedRatios)}`] : []),
    // The same comparisons by the servers' own CPU per answer (the ceiling's over the target's: above 1 when
    // the target costs less), which time taken by other programs on a shared machine moves far less.
    `ours / ${bare.label} by CPU per answer: ${cpuRatio(bare, ours)}`,
    ...(cached ? [`${cached.label} / ${bare.label} by CPU per answer: ${cpuRatio(bare, cached)}`] : []),
    `cold start (spawn to first 200, fresh database): ${fmt(coldStartMs, 0)} ms`,
    `warm start (spawn to first 200, existing database): ${fmt(warmStartMs, 0)} ms`,
    "",
    "goals:",
  );
  const enoughRounds = settings.rounds >= MIN_ROUNDS;

  const checks = [
    [
      `ours / ${express.label} >= ${GOALS.minRatioToExpress} (median of >= ${MIN_ROUNDS} rounds)`,
      ratioExpress >= GOALS.minRatioToExpress && enoughRounds,
      `${fmt(ratioExpress, 2)} over ${settings.rounds} round(s)`,
    ],
    [
      `ours / ${bare.label} >= ${GOALS.minRatioToBare} (median of >= ${MIN_ROUNDS} rounds)`,
      ratioBare >= GOALS.minRatioToBare && enoughRounds,
      `${fmt(ratioBare, 2)} over ${settings.rounds} round(s)`,
    ],
    [`p99 <= ${GOALS.maxP99Ms} ms`, ours.p99 <= GOALS.maxP99Ms, `${fmt(ours.p99, 2)} ms`],
    [
      `peak RSS <= ${GOALS.maxPeakRssMb} MB`,
      ours.peakRssMb != null && ours.peakRssMb <= GOALS.maxPeakRssMb,
      `${fmt(ours.peakRssMb, 1)} MB`,
    ],
    [`cold start <= ${GOALS.maxColdStartMs} ms`, coldStartMs <= GOALS.maxColdStartMs, `${fmt(coldStartMs, 0)} ms`],
    [`warm start <= ${GOALS.maxWarmStartMs} ms`, warmStartMs <= GOALS.maxWarmStartMs, `${fmt(warmStartMs, 0)} ms`],
    [
      `behind nginx (cached) / ${bare.label} >= ${GOALS.minCachedToBare} (median of >= ${MIN_ROUNDS} rounds)`,
      ratioCached !== null && ratioCached >= GOALS.minCachedToBare && enoughRounds,
      ratioCached === null ? "not run: no nginx" : `${fmt(ratioCached, 2)} over ${settings.rounds} round(s)`,
    ],
  ];
  const width = Math.max(...checks.map(([goal]) => goal.length));
  for (const [goal, ok, actual] of checks) {
    out.push(`  ${ok ? "PASS" : "MISS"}  ${goal.padEnd(width)}  (${actual})`);
  }

  console.log(out.join("\n"));
}
