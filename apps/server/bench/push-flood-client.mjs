// One anonymous flooder for `pnpm bench:push-flood`, run as its own process so its work is not the
// measurer's: POSTs 4 MB of nested brackets to /api/sync/push with `Authorization: Bearer x` (a token the
// server never issued), one after another, as fast as the server lets it, until killed.
// argv: <base url>. Prints the number of pushes answered on SIGTERM.
import http from "node:http";

const base = new URL(process.argv[2] ?? "");
const HALF = 2 * 1024 * 1024;
const prefix = '{"clientId":"flood","schemaVersion":1,"ops":';
// Valid JSON: the most a parser that reads it whole has to build.
const body = Buffer.from(`${prefix}${"[".repeat(HALF - prefix.length)}${"]".repeat(HALF - prefix.length)}}`);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let answered = 0;

function pushOnce() {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: "/api/sync/push",
        method: "POST",
        agent,
        headers: { authorization: "Bearer x", "content-type": "application/json", "content-length": body.length },
      },
      (res) => {
        res.resume();
        res.on("end", () => {
          answered++;
          resolve();
        });
      },
    );
    // A server that answers early may close the connection while the body is still going out.
    req.on("error", () => resolve());
    req.end(body);
  });
}

process.on("SIGTERM", () => {
  console.log(String(answered));
  process.exit(0);
});

while (true) await pushOnce();
