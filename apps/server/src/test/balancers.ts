/**
 * The shipped load-balancer configs, run for real: Debian's nginx and Caddy with the repo's own
 * `deploy/nginx.conf` and `deploy/Caddyfile`, only the addresses, ports and certificate paths substituted
 * (Caddy with `tls internal`), in front of instances on 127.0.0.1. Each substitution must match, so a
 * change to a shipped file that the tests could no longer run fails here rather than being skipped.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@portfolio/core/test/postgres-cluster";
import { balancerRequest } from "./balancer-client.ts";

const deployDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../../../deploy");

/** The two instance addresses the shipped configs name. */
const SHIPPED_UPSTREAMS = ["127.0.0.1:3001", "127.0.0.1:3002"] as const;

export type BalancerKind = "nginx" | "caddy";

export interface Balancer {
  kind: BalancerKind;
  /** The HTTPS address clients use, e.g. https://127.0.0.1:40123. */
  url: string;
  /** The tail of its output, to explain a failure. */
  log(): string;
  close(): Promise<void>;
}

/** `text` with `from` replaced by `to`, refusing a pattern the shipped file no longer holds. */
function substitute(text: string, from: string | RegExp, to: string, file: string): string {
  const found = typeof from === "string" ? text.includes(from) : from.test(text);
  if (!found) throw new Error(`${file} no longer contains ${String(from)}: update the balancer test substitutions.`);
  return typeof from === "string" ? text.split(from).join(to) : text.replace(from, to);
}

function withUpstreams(text: string, upstreams: readonly string[], file: string): string {
  let out = text;
  SHIPPED_UPSTREAMS.forEach((shipped, i) => {
    out = substitute(out, shipped, upstreams[i] as string, file);
  });
  return out;
}

function spawnLogged(command: string, args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; log(): string } {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  const keep = (chunk: string) => {
    log = (log + chunk).slice(-8000);
  };
  child.stdout?.setEncoding("utf8").on("data", keep);
  child.stderr?.setEncoding("utf8").on("data", keep);
  return { child, log: () => log };
}

async function waitUntilServing(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The balancer exited (${child.exitCode}).\n${log()}`);
    try {
      await balancerRequest(url, "GET", "/api/health", { timeoutMs: 2000 });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`The balancer at ${url} did not answer within 20 s.\n${log()}`);
}

function stopper(child: ChildProcess, dir: string): () => Promise<void> {
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
}

/** deploy/nginx.conf (a conf.d snippet) inside a wrapper http{} block, as Debian's nginx.conf includes it. */
export async function startNginx(upstreams: readonly string[]): Promise<Balancer> {
  const dir = mkdtempSync(join(tmpdir(), "portfolio-nginx-"));
  mkdirSync(join(dir, "logs"));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const cert = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  const file = "deploy/nginx.conf";
  let site = withUpstreams(readFileSync(join(deployDir, "nginx.conf"), "utf8"), upstreams, file);
  site = substitute(site, /listen 80;/, `listen 127.0.0.1:${httpPort};`, file);
  site = substitute(site, /listen 443 /, `listen 127.0.0.1:${httpsPort} `, file);
  site = substitute(site, "/etc/letsencrypt/live/portfolio.example.com/fullchain.pem", cert, file);
  site = substitute(site, "/etc/letsencrypt/live/portfolio.example.com/privkey.pem", key, file);
  site = substitute(site, "/var/cache/nginx/portfolio", join(dir, "cache"), file);
  writeFileSync(join(dir, "portfolio.conf"), site);
  // Workers run as root only when the test does (they must read the temporary folder).
  const user = process.getuid?.() === 0 ? "user root;\n" : "";
  writeFileSync(
    join(dir, "nginx.conf"),
    `${user}worker_processes 1;\nevents {}\nhttp {\n    access_log off;\n    include ${join(dir, "portfolio.conf")};\n}\n`,
  );
  const { child, log } = spawnLogged(
    "/usr/sbin/nginx",
    ["-p", dir, "-e", "stderr", "-c", join(dir, "nginx.conf"), "-g", `daemon off; pid ${join(dir, "nginx.pid")};`],
    process.env,
  );
  const url = `https://127.0.0.1:${httpsPort}`;
  const close = stopper(child, dir);
  try {
    await waitUntilServing(url, child, log);
  } catch (error) {
    await close();
    throw error;
  }
  return { kind: "nginx", url, log, close };
}

/** deploy/Caddyfile with the site address on a free port and `tls internal` (Caddy's own local CA). */
export async function startCaddy(upstreams: readonly string[]): Promise<Balancer> {
  const dir = mkdtempSync(join(tmpdir(), "portfolio-caddy-"));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const file = "deploy/Caddyfile";
  let config = withUpstreams(readFileSync(join(deployDir, "Caddyfile"), "utf8"), upstreams, file);
  config = substitute(config, /^portfolio\.example\.com \{$/m, `127.0.0.1 {\n\ttls internal`, file);
  const global = `{\n\tadmin off\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tskip_install_trust\n\tstorage file_system ${join(dir, "data")}\n}\n\n`;
  writeFileSync(join(dir, "Caddyfile"), global + config);
  const { child, log } = spawnLogged(
    "/usr/bin/caddy",
    ["run", "--config", join(dir, "Caddyfile"), "--adapter", "caddyfile"],
    {
      ...process.env,
      HOME: dir,
      XDG_DATA_HOME: join(dir, "xdg-data"),
      XDG_CONFIG_HOME: join(dir, "xdg-config"),
    },
  );
  const url = `https://127.0.0.1:${httpsPort}`;
  const close = stopper(child, dir);
  try {
    await waitUntilServing(url, child, log);
  } catch (error) {
    await close();
    throw error;
  }
  return { kind: "caddy", url, log, close };
}

export function startBalancer(kind: BalancerKind, upstreams: readonly string[]): Promise<Balancer> {
  return kind === "nginx" ? startNginx(upstreams) : startCaddy(upstreams);
}
