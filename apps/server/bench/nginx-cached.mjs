// The fourth target of `pnpm bench:api`: our server behind the shipped deploy/nginx.conf with its cache on,
// as the README deploys it, with three changes for a loopback bench: plain HTTP on a free port instead of
// HTTPS (the bench measures the cache, not the cipher), the instance addresses pointing at ours, and the
// cache folder in the bench's temporary folder. Each substitution must match, so a shipped file the bench
// could no longer run fails here rather than being measured wrongly.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@portfolio/core/test/free-port";
import { trackChild } from "./cleanup.mjs";
import { statusOf } from "./spawn-server.mjs";

const NGINX = "/usr/sbin/nginx";
const shipped = fileURLToPath(new URL("../../../deploy/nginx.conf", import.meta.url));

function substitute(text, from, to) {
  const found = typeof from === "string" ? text.includes(from) : from.test(text);
  if (!found) throw new Error(`deploy/nginx.conf no longer contains ${String(from)}: update bench/nginx-cached.mjs.`);
  return typeof from === "string" ? text.split(from).join(to) : text.replace(from, to);
}

export function nginxAvailable() {
  return existsSync(NGINX);
}

/** Starts nginx in front of `upstream` (host:port); resolves with the URL of GET /api/projects through it. */
export async function startCachedNginx({ dir, upstream, name = "ours behind nginx (cached)" }) {
  const root = path.join(dir, "nginx");
  mkdirSync(path.join(root, "logs"), { recursive: true });
  const port = await freePort();
  let site = readFileSync(shipped, "utf8");
  site = substitute(site, "127.0.0.1:3001", upstream);
  site = substitute(site, "127.0.0.1:3002", upstream);
  site = substitute(site, /listen 80;/, `listen 127.0.0.1:${await freePort()};`);
  site = substitute(site, /listen 443 ssl http2;/, `listen 127.0.0.1:${port};`);
  site = substitute(site, /^\s*ssl_certificate .*$/m, "");
  site = substitute(site, /^\s*ssl_certificate_key .*$/m, "");
  site = substitute(site, "/var/cache/nginx/portfolio", path.join(root, "cache"));
  writeFileSync(path.join(root, "portfolio.conf"), site);
  const user = process.getuid?.() === 0 ? "user root;\n" : "";
  writeFileSync(
    path.join(root, "nginx.conf"),
    `${user}worker_processes auto;\nevents { worker_connections 1024; }\nhttp {\n    access_log off;\n    include ${path.join(root, "portfolio.conf")};\n}\n`,
  );
  const child = trackChild(
    spawn(
      NGINX,
      [
        "-p",
        root,
        "-e",
        "stderr",
        "-c",
        path.join(root, "nginx.conf"),
        "-g",
        `daemon off; pid ${path.join(root, "nginx.pid")};`,
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    ),
  );
  let log = "";
  child.stderr.setEncoding("utf8").on("data", (chunk) => {
    log = (log + chunk).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}/api/projects`;
  const deadline = Date.now() + 10_000;
  while ((await statusOf(url)) !== 200) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start.\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { name, url, pid: child.pid };
}
