/**
 * The floor of `pnpm bench:site`: the least a page can be (a heading and a line of text, no script, no
 * stylesheet, no picture), served by a bare `node:http` server on 127.0.0.1, measured by the same Lighthouse in
 * the same run. Lighthouse's mobile model counts every main-thread task the browser records at four times its
 * length, including the browser's own work for a page that does nothing; what a page scores above this floor
 * is its own cost, and the floor's spread from run to run is the machine's noise (docs/performance.md, "The
 * public pages").
 */
import { createServer } from "node:http";

const FLOOR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Floor</title>
<meta name="description" content="The least a page can be: a heading and a line of text.">
<link rel="icon" href="data:,">
</head>
<body>
<main>
<h1>Floor</h1>
<p>A heading and a line of text: no script, no stylesheet, no picture.</p>
</main>
</body>
</html>
`;

/** Starts the floor page's server; `url` is the page, `stop` closes the server. */
export async function startFloorPage() {
  const server = createServer((req, res) => {
    if (req.url === "/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      res.end(FLOOR_HTML);
      return;
    }
    // Lighthouse asks for /robots.txt (SEO); the page names no favicon to fetch (`data:,`).
    if (req.url === "/robots.txt") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("User-agent: *\nAllow: /\n");
      return;
    }
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("Not found");
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
