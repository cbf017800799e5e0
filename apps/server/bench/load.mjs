// The load generator, run as its own process: autocannon against one server with either plain GETs of
// one path, or the mixed read/write sequence. Prints one JSON line: autocannon's summary plus this
// process's own CPU time, so the report can say how much of the machine the load itself took.
//   node load.mjs '{"url":"http://127.0.0.1:1234","connections":25,"durationS":10,"mode":"list"|"mixed","cookie":"...","origin":"...","projectIds":[...]}'
import autocannon from "autocannon";

const config = JSON.parse(process.argv[2]);
const started = process.cpuUsage();

// Mixed: of every 10 requests, 8 public list reads, 1 session check, 1 project edit (which also makes the
// next list read rebuild the cached list, on every instance).
let edits = 0;
const mixed = () => {
  const headers = { cookie: config.cookie, origin: config.origin };
  const edit = {
    method: "PATCH",
    path: "/api/projects/ID",
    headers: { ...headers, "content-type": "application/json" },
    setupRequest: (req) => {
      const id = config.projectIds[edits++ % config.projectIds.length];
      return { ...req, path: `/api/projects/${id}`, body: JSON.stringify({ description: `Edited ${edits}` }) };
    },
  };
  const list = { method: "GET", path: "/api/projects" };
  return [list, list, list, list, { method: "GET", path: "/api/me", headers }, list, list, list, list, edit];
};

const result = await autocannon({
  url: config.url,
  connections: config.connections,
  duration: config.durationS,
  requests: config.mode === "mixed" ? mixed() : [{ method: "GET", path: config.path ?? "/api/projects" }],
});
const cpu = process.cpuUsage(started);
process.stdout.write(
  `${JSON.stringify({
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    loaderCpuMs: (cpu.user + cpu.system) / 1000,
  })}\n`,
);
