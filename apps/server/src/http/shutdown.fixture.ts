/**
 * A tiny server process for shutdown.test.ts. It says on stdout when a request has arrived, so the test
 * signals only then; /slow answers SLOW_MS after the SIGTERM (so it is surely in flight during the
 * shutdown, however slow the machine), /hang never answers, anything else at once. With DRAIN_MS set, the
 * drain (drain.ts) runs first, as main.ts installs it.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { installDrain } from "./drain.ts";
import { installGracefulShutdown } from "./shutdown.ts";

const slowMs = Number(process.env.SLOW_MS ?? 300);
const terminated = new Promise<void>((resolve) => process.once("SIGTERM", () => resolve()));
const server = createServer((req, res) => {
  process.stdout.write(`request ${req.url}\n`);
  if (req.url === "/hang") return;
  if (req.url === "/slow") void terminated.then(() => setTimeout(() => res.end("done"), slowMs));
  else res.end("done");
});
const drain = process.env.DRAIN_MS ? installDrain(server, { drainMs: Number(process.env.DRAIN_MS) }) : undefined;
installGracefulShutdown(
  server,
  async () => {
    process.stdout.write("pool closed\n");
  },
  {
    graceMs: Number(process.env.GRACE_MS ?? 10_000),
    log: (line) => process.stdout.write(`${line}\n`),
    beforeClose: drain ? () => drain.start().then(() => void process.stdout.write("drained\n")) : undefined,
  },
);
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
