// The Node/V8 flags the server runs with, in one place: `pnpm start`, the `portfolio-server` bin (its
// shebang) and the benchmarks all launch it with these.
//
// --max-semi-space-size=2 caps V8's young generation at 2 MB per semi-space (the default grows to 16 MB).
// Our requests allocate short-lived objects only, so a small young generation collects them just as well
// and stays in the CPU cache: measured here under 50 concurrent connections, peak RSS drops from about
// 165 MB to about 133 MB with equal or better throughput (see `pnpm bench:api`).
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=2"];
