/** A tiny server process for shutdown.test.ts: /slow answers after SLOW_MS, /hang never answers. */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { installGracefulShutdown } from "./shutdown.ts";

const slowMs = Number(process.env.SLOW_MS ?? 1000);
const server = createServer((req, res) => {
  if (req.url === "/hang") return;
  setTimeout(() => res.end("done"), req.url === "/slow" ? slowMs : 0);
});
installGracefulShutdown(
  server,
  async () => {
    process.stdout.write("pool closed\n");
  },
  { graceMs: Number(process.env.GRACE_MS ?? 10_000), log: (line) => process.stdout.write(`${line}\n`) },
);
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
