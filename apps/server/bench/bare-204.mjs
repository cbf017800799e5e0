// The floor of bench:visits: the smallest node:http server that reads a beacon's body and answers 204, so the
// same load generator in the same run shows what this machine allows at best (docs/performance.md).
import http from "node:http";

const host = process.env.HOST || "127.0.0.1";
const port = Number(process.env.PORT);

const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(req.method === "GET" ? 200 : 204);
    res.end();
  });
});

server.listen(port, host, () => {
  console.log(`Listening on http://${host}:${port}`);
});
