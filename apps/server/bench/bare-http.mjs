// The machine's ceiling: the smallest node:http server that answers with the
// exact bytes of our GET /api/projects. Runs as its own process so its peak RSS
// is measured apart from the bench and the other servers.
import { readFileSync } from "node:fs";
import http from "node:http";

const body = readFileSync(process.env.BENCH_BODY_FILE);
const contentType = process.env.BENCH_CONTENT_TYPE || "application/json; charset=utf-8";
const host = process.env.HOST || "127.0.0.1";
const port = Number(process.env.PORT);

// Headers are computed once; per-request work is only writing them out.
const headers = {
  "Content-Type": contentType,
  "Content-Length": String(body.length),
};

const server = http.createServer((req, res) => {
  if (req.method === "GET" && req.url === "/api/projects") {
    res.writeHead(200, headers);
    res.end(body);
    return;
  }
  res.writeHead(404);
  res.end();
});

server.listen(port, host, () => {
  console.log(`Listening on http://${host}:${port}`);
});
