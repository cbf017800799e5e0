// Loads one server from a separate autocannon process: in-process load would
// share the bench's event loop and blur what we measure. Autocannon is run by
// its own CLI script under this Node, resolved from apps/server's dependencies.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { runGenerator } from "./run-generator.mjs";

const requireFromServer = createRequire(new URL("../package.json", import.meta.url));

function autocannonCli() {
  const pkgPath = requireFromServer.resolve("autocannon/package.json");
  const { bin } = JSON.parse(readFileSync(pkgPath, "utf8"));
  return path.join(path.dirname(pkgPath), typeof bin === "string" ? bin : bin.autocannon);
}

/**
 * @returns {Promise<{ rps: number, p50: number, p99: number, total: number, non2xx: number, errors: number, timeouts: number }>}
 *   rps is autocannon's requests.average; latencies in ms.
 */
export function runAutocannon(url, { connections, durationS }) {
  // Plain GETs only: no If-None-Match, so every response is a full 200 body.
  const args = [autocannonCli(), "-c", String(connections), "-d", String(durationS), "-j", url];
  return runGenerator("autocannon", process.execPath, args, (stdout) => summarize(JSON.parse(stdout)));
}

// autocannon 8's -j result: requests.{average,total}, latency.{p50,p99} in ms,
// plus non2xx / errors / timeouts counters that tell whether the run is valid.
function summarize(result) {
  const { requests, latency } = result;
  for (const [key, value] of Object.entries({
    "requests.average": requests?.average,
    "latency.p50": latency?.p50,
    "latency.p99": latency?.p99,
  })) {
    if (typeof value !== "number") throw new Error(`missing ${key}`);
  }
  return {
    rps: requests.average,
    p50: latency.p50,
    p99: latency.p99,
    total: requests.total,
    non2xx: result.non2xx ?? 0,
    errors: result.errors ?? 0,
    timeouts: result.timeouts ?? 0,
  };
}
