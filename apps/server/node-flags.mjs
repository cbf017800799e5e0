// The Node/V8 flags the server runs with, in one place: `pnpm start`, the `portfolio-server` bin (its
// shebang) and the benchmarks all launch it with these.
//
// --max-semi-space-size=2 caps V8's young generation at 2 MB per semi-space (the default grows to 16 MB).
// Our requests allocate short-lived objects only, so a small young generation collects them just as well
// and stays in the CPU cache: measured here under 50 concurrent connections, peak RSS drops from about
// 165 MB to about 133 MB with equal or better throughput (see `pnpm bench:api`).
//
// --min-semi-space-size=2 starts the young generation at that size instead of growing it there from 1 MB: a
// start allocates its modules' objects and keeps nearly all of them, and each scavenge of the smaller one
// copied them only to promote them at the next. On a warm start, seven scavenges before listening became
// five and their pauses fell by about a quarter (docs/performance.md, "Start"); under load the size is the same.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=2", "--min-semi-space-size=2"];
