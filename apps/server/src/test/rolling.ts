/**
 * A rolling restart under load, as the README tells an operator to do it: two instances on
 * PostgreSQL behind a shipped balancer, readers and writers running, and each instance in turn stopped with
 * SIGTERM, started again on its port and waited for until it answers /api/health 200. Then every answer is
 * counted by status, and every write that answered 201 is looked for in the database: present exactly once.
 *
 * Readers fetch the public project list and a page. Writers create projects, logged in, with an
 * Idempotency-Key, and retry once with the same key on a network error or a 502/503/504, as the site's
 * client does. Unlike the site's client they never resend after a 409 (a retry that met its first attempt
 * still running past the server's wait): the server's own wait must leave no write failed. Used by the scale
 * tests and by `pnpm bench:rolling`.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { operations, type Project } from "@portfolio/core/domain";
import { OWNER } from "@portfolio/testing/server/test-server.ts";
import { type BalancerAnswer, balancerRequest, insecureAgent } from "./balancer-client.ts";
import { type Balancer, type BalancerKind, startBalancer } from "./balancers.ts";
import { type Cluster, type Instance, PUBLIC_URL, startCluster } from "./instances.ts";

const LIST = operations["projects.list"].path;
const CREATE = operations["projects.create"].path;
const LOGIN = operations["auth.login"].path;
const PAGE = "/";

export interface RollingOptions {
  balancer: BalancerKind;
  readers?: number;
  writers?: number;
  /** Load before the first stop and after the last start, in ms. */
  steadyMs?: number;
  /** Rounds of restarts (each restarts every instance once, one at a time). */
  rounds?: number;
  log?: (line: string) => void;
}

export interface InstanceRestart {
  name: string;
  /** When it got SIGTERM, in ms from the start. */
  at: number;
  /** SIGTERM to exit: the drain plus finishing what was accepted. */
  drainMs: number;
  /** Spawn to its first /api/health 200. */
  startMs: number;
  /** How the stopped process ended ("code 0" for a clean shutdown). */
  exit: string;
}

export interface RollingReport {
  balancer: BalancerKind;
  requests: number;
  reads: number;
  writes: number;
  /** Writes sent a second time (same Idempotency-Key) after a network error or a 502/503/504. */
  retries: number;
  /** Failed requests (after the writers' one retry) by method and status ("network" when none came back). */
  failed: Record<string, number>;
  /** Writes answered 201. */
  written: number;
  /** Of those, answered with an earlier attempt's answer (a resend that met its key already used). */
  replayed: number;
  /** Of those, not in the database. */
  lost: number;
  /** Rows beyond the first for one write (a retry that created a second project). */
  duplicated: number;
  restarts: InstanceRestart[];
  durationMs: number;
  /** The first few failures: when (ms from the start), what, and the start of the answer, to explain them. */
  samples: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Two instances (serving a one-page site) on a fresh PostgreSQL database; `close` removes it all. */
export async function startRollingCluster(env: Record<string, string> = {}): Promise<Cluster> {
  const siteDir = mkdtempSync(join(tmpdir(), "portfolio-rolling-site-"));
  writeFileSync(join(siteDir, "index.html"), "<!doctype html><title>Portfolio</title><h1>Portfolio</h1>");
  const cluster = await startCluster(2, { SITE_DIR: siteDir, ...env });
  return {
    ...cluster,
    async close() {
      await cluster.close();
      rmSync(siteDir, { recursive: true, force: true });
    },
  };
}

async function loginThrough(balancer: Balancer): Promise<string> {
  const res = await balancerRequest(balancer.url, "POST", LOGIN, {
    headers: { origin: PUBLIC_URL },
    body: { username: OWNER.username, password: OWNER.password },
  });
  if (res.status !== 200) throw new Error(`login through ${balancer.kind}: ${res.status} ${res.body}`);
  return res.setCookies.map((line) => line.split(";")[0]).join("; ");
}

/** Runs the load and the restarts against `cluster` behind `balancer`, and counts. */
export async function rollingRestart(cluster: Cluster, balancer: Balancer, options: RollingOptions) {
  const { readers = 6, writers = 2, steadyMs = 500, rounds = 1, log = () => {} } = options;
  const cookie = await loginThrough(balancer);
  const began = Date.now();
  const report: RollingReport = {
    balancer: balancer.kind,
    requests: 0,
    reads: 0,
    writes: 0,
    retries: 0,
    failed: {},
    written: 0,
    replayed: 0,
    lost: 0,
    duplicated: 0,
    restarts: [],
    durationMs: 0,
    samples: [],
  };
  const fail = (what: string, body = "") => {
    report.failed[what] = (report.failed[what] ?? 0) + 1;
    if (report.samples.length < 5) report.samples.push(`${Date.now() - began} ms ${what} ${body.slice(0, 120)}`);
  };
  const created = new Map<string, string>(); // title → id answered with 201
  let running = true;

  const reader = async () => {
    const agent = insecureAgent();
    for (let n = 0; running; n++) {
      const path = n % 2 === 0 ? LIST : PAGE;
      report.requests++;
      report.reads++;
      try {
        const res = await balancerRequest(balancer.url, "GET", path, { agent, headers: { origin: PUBLIC_URL } });
        if (res.status !== 200) fail(`GET ${res.status}`, res.body);
      } catch {
        fail("GET network");
      }
    }
    agent.destroy();
  };

  const writer = async (w: number) => {
    const agent = insecureAgent();
    for (let n = 0; running; n++) {
      const title = `Rolling ${balancer.kind} w${w} #${n}`;
      const key = randomUUID();
      const send = () =>
        balancerRequest(balancer.url, "POST", CREATE, {
          agent,
          headers: { origin: PUBLIC_URL, cookie, "idempotency-key": key },
          body: {
            title,
            description: "Written during a rolling restart.",
            tags: ["rolling"],
            isArchived: false,
            isLatest: false,
          },
        }).catch(() => undefined);
      report.requests++;
      report.writes++;
      let res: (BalancerAnswer & { setCookies: string[] }) | undefined = await send();
      if (res === undefined || [502, 503, 504].includes(res.status)) {
        report.retries++;
        res = await send();
      }
      if (res === undefined) fail("POST network");
      else if (res.status !== 201) fail(`POST ${res.status}`, res.body);
      else {
        report.written++;
        if (res.replayed) report.replayed++;
        created.set(title, (JSON.parse(res.body) as Project)._id);
      }
    }
    agent.destroy();
  };

  const load = [
    ...Array.from({ length: readers }, () => reader()),
    ...Array.from({ length: writers }, (_, w) => writer(w)),
  ];
  const names = cluster.instances.map((instance) => instance.name);
  try {
    await sleep(steadyMs);
    for (let round = 0; round < rounds; round++) {
      for (const name of names) {
        const old = cluster.instances.find((instance) => instance.name === name && instance.process.exitCode === null);
        if (!old) throw new Error(`No running instance ${name}.`);
        const port = Number(new URL(old.url).port);
        const stopAt = Date.now();
        old.process.kill("SIGTERM");
        const exit = await old.exited;
        const startAt = Date.now();
        await cluster.start(old.name, port);
        const restart: InstanceRestart = {
          at: stopAt - began,
          name: old.name,
          drainMs: startAt - stopAt,
          startMs: Date.now() - startAt,
          exit,
        };
        report.restarts.push(restart);
        log(
          `${balancer.kind}: ${old.name} drained in ${restart.drainMs} ms (${exit}), answered again after ${restart.startMs} ms`,
        );
      }
    }
    await sleep(steadyMs);
  } finally {
    running = false;
    await Promise.all(load);
  }
  report.durationMs = Date.now() - began;

  const live = cluster.instances.find((instance) => instance.process.exitCode === null) as Instance;
  const list = await live.client().get<{ projects: Project[] }>(LIST);
  const rows = list.body.projects.filter((p) => p.title.startsWith(`Rolling ${balancer.kind} `));
  const perTitle = new Map<string, number>();
  for (const row of rows) perTitle.set(row.title, (perTitle.get(row.title) ?? 0) + 1);
  const ids = new Set(rows.map((row) => row._id));
  for (const [, id] of created) if (!ids.has(id)) report.lost++;
  for (const count of perTitle.values()) report.duplicated += count - 1;
  return report;
}

/** One full scenario: a cluster, the balancer in front, the restarts, everything stopped afterwards. */
export async function runRollingScenario(options: RollingOptions, env: Record<string, string> = {}) {
  const cluster = await startRollingCluster(env);
  let balancer: Balancer | undefined;
  try {
    balancer = await startBalancer(
      options.balancer,
      cluster.instances.map((instance) => new URL(instance.url).host),
    );
    return await rollingRestart(cluster, balancer, options);
  } catch (error) {
    const logs = [balancer?.log() ?? "", ...cluster.instances.map((i) => `${i.name}: ${i.log()}`)].join("\n");
    throw new Error(`${(error as Error).stack}\n${logs}`);
  } finally {
    await balancer?.close();
    await cluster.close();
  }
}

/** The report as lines for a person. */
export function formatRollingReport(report: RollingReport): string {
  const failed = Object.entries(report.failed);
  return [
    `${report.balancer}: ${report.requests} requests (${report.reads} reads, ${report.writes} writes, ${report.retries} writes retried) in ${(report.durationMs / 1000).toFixed(1)} s`,
    `  failed: ${failed.length === 0 ? "0" : failed.map(([what, n]) => `${what}: ${n}`).join(", ")}`,
    `  written: ${report.written} (${report.replayed} answered by replay), lost: ${report.lost}, duplicated: ${report.duplicated}`,
    ...report.samples.map((sample) => `  failure at ${sample}`),
    ...report.restarts.map(
      (r) =>
        `  ${r.name} (SIGTERM at ${r.at} ms): drained and exited in ${r.drainMs} ms (${r.exit}), answering again after ${r.startMs} ms`,
    ),
  ].join("\n");
}
