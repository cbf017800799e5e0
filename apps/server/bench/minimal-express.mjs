// The framework's ceiling: an Express 5 app with default settings and one route
// that sends our GET /api/projects bytes from a constant. Whatever our server
// costs beyond this is our own middleware, routing and data access.
import { readFileSync } from "node:fs";
import express from "express";

const body = readFileSync(process.env.BENCH_BODY_FILE);
const contentType = process.env.BENCH_CONTENT_TYPE || "application/json; charset=utf-8";
const host = process.env.HOST || "127.0.0.1";
const port = Number(process.env.PORT);

const app = express();

app.get("/api/projects", (_req, res) => {
  // res.set keeps the exact content-type string; res.send(Buffer) would
  // otherwise default to application/octet-stream.
  res.set("Content-Type", contentType);
  res.send(body);
});

app.listen(port, host, (error) => {
  if (error) throw error;
  console.log(`Listening on http://${host}:${port}`);
});
