// Captures the exact response bytes of our GET /api/projects once, so both
// ceiling servers answer with the same payload size and content-type as ours.
import http from "node:http";

/** @returns {Promise<{ body: Buffer, contentType: string }>} */
export function fetchBody(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => {
          if (res.statusCode !== 200) {
            reject(new Error(`GET ${url} answered ${res.statusCode}`));
            return;
          }
          resolve({
            body: Buffer.concat(chunks),
            contentType: res.headers["content-type"] ?? "application/json",
          });
        });
        res.on("error", reject);
      })
      .on("error", reject);
  });
}
