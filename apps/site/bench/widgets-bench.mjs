#!/usr/bin/env node
/**
 * pnpm bench:widgets: what each stream widget costs the streamer's PC, in Debian's Chromium (headless) at a
 * browser source's size (400 x 700), served by the real server from the real static export.
 *
 * 1. Chat under load: the chat box and a bare page (the same lines appended as plain text, 50 kept) open
 *    side by side, fed the same messages in the same run through a local Twitch IRC fake at 10, 50 and 100
 *    messages a second (two badges, a Twitch emote, BTTV, FFZ and 7TV emotes, a zero-width one). Per page:
 *    the main thread's share of one core (DevTools Protocol Performance.getMetrics: TaskDuration over wall
 *    time), layouts per second, JS heap and DOM nodes, and the chat box's ratio to the bare page. The rounds
 *    alternate (--rounds, default 2) and the median ratio is kept: robust on two busy cores.
 * 2. Idle: every widget with nothing changing (the chat with no messages, the heart rate with no signal
 *    from Pulsoid and from HypeRate, the countdown, the cat), each for --idle seconds.
 * 3. Soak: --soak messages (default 180,000: an hour at 50 a second) replayed at --soak-rate a second, the
 *    IRC connection dropped every 30,000 (the widget reconnects); JS heap (after a forced GC) and DOM nodes
 *    at the start and the end; the countdown and the cat across a day boundary on the page's clock.
 *
 * Goals (printed PASS or MISS, --strict exits 1 on a miss): chat at 50/s at most 1.5 x the bare page; chat
 * at 10/s at most 5 % of a core; every idle widget at most 0.5 %; heap and nodes flat over the soak (end at
 * most 10 % + 2 MB above start, nodes within 10 %). Builds nothing: run `pnpm build` first.
 */
import { chromium } from "@playwright/test";
import { CHROME_PATH, CHROMIUM_ARGS } from "@portfolio/testing/browser/chromium.mjs";
import { startRealServer } from "../scripts/testing/real-server.mjs";
import { chatLine, EMOTE_CDN, startBarePage, startEmoteProviders, startIrc, startSilentFeed } from "./widget-fakes.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const RATES = args.includes("--rates")
  ? String(args[args.indexOf("--rates") + 1])
      .split(",")
      .map(Number)
  : [10, 50, 100];
const LOAD_ONLY = args.includes("--load-only");
const SECONDS = option("--seconds", 10);
const ROUNDS = option("--rounds", 2);
const IDLE_SECONDS = option("--idle", 10);
const SOAK = option("--soak", 180_000);
const SOAK_RATE = option("--soak-rate", 1500);
const VIEWPORT = { width: 400, height: 700 };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const results = { goals: [] };
const goal = (name, ok, detail) => {
  results.goals.push({ name, ok, detail });
};

const server = await startRealServer();
const irc = await startIrc();
const emotes = await startEmoteProviders();
const bare = await startBarePage();
const silent = await startSilentFeed();
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });

async function open(url, { clockAt } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  // Twitch's emote CDN and the fake providers' (no internet here): a small picture per emote. (BTTV's
  // pictures come from the fake's own loopback address, which the page's CSP blocks, as it would any http.)
  for (const cdn of ["https://static-cdn.jtvnw.net/**", `${EMOTE_CDN}/**`]) {
    await page.route(cdn, (route) =>
      route.fulfill({
        contentType: "image/svg+xml",
        headers: { "cache-control": "max-age=3600" },
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="28" height="28"><rect width="28" height="28" fill="#9146FF"/></svg>',
      }),
    );
  }
  if (clockAt !== undefined) await page.clock.install({ time: clockAt });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable", { timeDomain: "timeTicks" });
  await page.goto(url);
  return { page, cdp, context };
}

async function metrics(target) {
  const { metrics: list } = await target.cdp.send("Performance.getMetrics");
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

function usage(before, after) {
  const wall = after.Timestamp - before.Timestamp;
  return {
    cpu: ((after.TaskDuration - before.TaskDuration) / wall) * 100,
    layouts: (after.LayoutCount - before.LayoutCount) / wall,
    heapMb: after.JSHeapUsedSize / 1048576,
    nodes: after.Nodes,
    // Where the main thread's time went (the rest of TaskDuration is paint, compositing and the like).
    split: ["ScriptDuration", "RecalcStyleDuration", "LayoutDuration"].map((k) =>
      (((after[k] - before[k]) / wall) * 100).toFixed(1),
    ),
  };
}

async function gcAndMeasure(target) {
  await target.cdp.send("HeapProfiler.collectGarbage");
  const m = await metrics(target);
  return { heapMb: m.JSHeapUsedSize / 1048576, nodes: m.Nodes };
}

async function waitForJoins(count) {
  for (let i = 0; i < 300 && irc.joined() < count; i++) await sleep(50);
}

/** Sends `rate` messages a second for `seconds`, evenly in 10 ms slots. */
async function feed(rate, seconds, channel, start = 0) {
  const total = Math.round(rate * seconds);
  const began = performance.now();
  for (let n = 0; n < total; n++) {
    const due = began + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    irc.send(chatLine(start + n, channel));
  }
  return total;
}

const fmt = (n, digits = 1) => n.toFixed(digits);

// 1. Chat under load, against the bare page, in the same run.
console.log(`Chat under load (${SECONDS} s per rate, ${ROUNDS} rounds, ${VIEWPORT.width}x${VIEWPORT.height}):`);
const load = {};
for (const rate of RATES) {
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const channel = `bench${rate}r${round}`;
    const joinedBefore = irc.joined();
    // Alternate which page opens first, so neither always has the warmer start.
    const urls = [
      `${server.baseUrl}/twitchchatwidget?channel=${channel}&server=${encodeURIComponent(irc.url)}${emotes.params}`,
      `${bare.url}?channel=${channel}&server=${encodeURIComponent(irc.url)}`,
    ];
    const opened =
      round % 2 === 0
        ? [await open(urls[0]), await open(urls[1])]
        : [await open(urls[1]), await open(urls[0])].reverse();
    const [chat, plain] = opened;
    await waitForJoins(joinedBefore + 2);
    await feed(rate, 2, channel); // warm-up: emote sets in, pictures decoded, lines at the limit
    const before = await Promise.all([metrics(chat), metrics(plain)]);
    await feed(rate, SECONDS, channel, 10_000);
    const after = await Promise.all([metrics(chat), metrics(plain)]);
    const c = usage(before[0], after[0]);
    const b = usage(before[1], after[1]);
    rounds.push({ chat: c, bare: b, ratio: c.cpu / b.cpu });
    if (process.env.BENCH_DEBUG)
      console.log(`    round ${round}: chat script/style/layout % ${c.split.join("/")}, bare ${b.split.join("/")}`);
    await chat.context.close();
    await plain.context.close();
  }
  const pick = (key, field) => median(rounds.map((r) => r[key][field]));
  load[rate] = {
    chat: {
      cpu: pick("chat", "cpu"),
      layouts: pick("chat", "layouts"),
      heapMb: pick("chat", "heapMb"),
      nodes: pick("chat", "nodes"),
    },
    bare: {
      cpu: pick("bare", "cpu"),
      layouts: pick("bare", "layouts"),
      heapMb: pick("bare", "heapMb"),
      nodes: pick("bare", "nodes"),
    },
    ratio: median(rounds.map((r) => r.ratio)),
    ratios: rounds.map((r) => r.ratio),
  };
  const r = load[rate];
  for (const [name, m] of [
    ["/twitchchatwidget", r.chat],
    ["bare page", r.bare],
  ]) {
    console.log(
      `  ${String(rate).padStart(3)} msg/s  ${name.padEnd(18)} CPU ${fmt(m.cpu).padStart(5)} % of a core  layouts ${fmt(m.layouts).padStart(5)}/s  heap ${fmt(m.heapMb)} MB  nodes ${m.nodes}`,
    );
  }
  console.log(`             ratio chat/bare ${fmt(r.ratio, 2)} (rounds: ${r.ratios.map((x) => fmt(x, 2)).join(", ")})`);
}
if (load[50]) goal("chat at 50 msg/s <= 1.5 x the bare page", load[50].ratio <= 1.5, `${fmt(load[50].ratio, 2)} x`);
if (load[10]) goal("chat at 10 msg/s <= 5 % of a core", load[10].chat.cpu <= 5, `${fmt(load[10].chat.cpu)} %`);

// 2. Idle.
console.log(`\nIdle (${IDLE_SECONDS} s each, nothing changing):`);
const idlePages = LOAD_ONLY
  ? {}
  : {
      "/twitchchatwidget (no messages)": `/twitchchatwidget?channel=idlechat&server=${encodeURIComponent(irc.url)}${emotes.params}`,
      "/twitchheartwidget (Pulsoid, no signal)": `/twitchheartwidget?token=t&url=${encodeURIComponent(silent.url)}`,
      "/twitchheartwidget (HypeRate, no signal)": `/twitchheartwidget?source=hyperate&id=abc&key=k&url=${encodeURIComponent(silent.url)}`,
      "/twitchcountdownwidget (1 h)": "/twitchcountdownwidget?duration=1h",
      "/twitchcotdwidget": "/twitchcotdwidget",
    };
const idle = {};
for (const [name, path] of Object.entries(idlePages)) {
  const target = await open(`${server.baseUrl}${path}`);
  await sleep(3000); // loaded, connected, settled
  const before = await metrics(target);
  await sleep(IDLE_SECONDS * 1000);
  const m = usage(before, await metrics(target));
  idle[name] = m;
  console.log(
    `  ${name.padEnd(42)} CPU ${fmt(m.cpu, 2).padStart(5)} %  layouts ${fmt(m.layouts, 2)}/s  nodes ${m.nodes}`,
  );
  goal(`idle ${name} <= 0.5 %`, m.cpu <= 0.5, `${fmt(m.cpu, 2)} %`);
  await target.context.close();
}

// 3. Soak.
if (!LOAD_ONLY) {
  console.log(`\nSoak: ${SOAK} messages at ${SOAK_RATE}/s, IRC dropped every 30,000:`);
  const soakChannel = "soak";
  const joinedBefore = irc.joined();
  const chat = await open(
    `${server.baseUrl}/twitchchatwidget?channel=${soakChannel}&server=${encodeURIComponent(irc.url)}${emotes.params}`,
  );
  await waitForJoins(joinedBefore + 1);
  await feed(SOAK_RATE, 2, soakChannel);
  const start = await gcAndMeasure(chat);
  let sent = 0;
  while (sent < SOAK) {
    const chunk = Math.min(30_000, SOAK - sent);
    sent += await feed(SOAK_RATE, chunk / SOAK_RATE, soakChannel, sent + 5000);
    if (sent < SOAK) {
      const joined = irc.joined();
      irc.dropAll();
      for (let i = 0; i < 600 && irc.joined() >= joined; i++) await sleep(20);
      await waitForJoins(joined);
    }
  }
  await sleep(1000);
  const end = await gcAndMeasure(chat);
  await chat.context.close();
  console.log(
    `  /twitchchatwidget  heap ${fmt(start.heapMb, 2)} -> ${fmt(end.heapMb, 2)} MB   nodes ${start.nodes} -> ${end.nodes}`,
  );
  const flat = (a, b) => b.heapMb <= a.heapMb * 1.1 + 2 && b.nodes <= a.nodes * 1.1 + 10;
  goal(
    "chat soak: heap and nodes flat",
    flat(start, end),
    `${fmt(start.heapMb, 2)}->${fmt(end.heapMb, 2)} MB, ${start.nodes}->${end.nodes} nodes`,
  );

  // The countdown and the cat across day boundaries, on the page's clock (a day before midnight UTC).
  const nearMidnight = Date.UTC(2026, 5, 1, 23, 59, 0);
  for (const [name, path] of [
    ["/twitchcountdownwidget", "/twitchcountdownwidget?duration=72h"],
    ["/twitchcotdwidget", "/twitchcotdwidget"],
  ]) {
    const target = await open(`${server.baseUrl}${path}`, { clockAt: nearMidnight });
    await sleep(1500);
    const a = await gcAndMeasure(target);
    for (let day = 0; day < 3; day++) await target.page.clock.runFor((24 * 3600_000) / 24).catch(() => {}); // crosses midnight
    for (let hour = 0; hour < 48; hour++) await target.page.clock.fastForward(3600_000);
    await sleep(1000);
    const b = await gcAndMeasure(target);
    console.log(
      `  ${name.padEnd(18)} across 2 midnights: heap ${fmt(a.heapMb, 2)} -> ${fmt(b.heapMb, 2)} MB   nodes ${a.nodes} -> ${b.nodes}`,
    );
    goal(`${name} across a day boundary: heap and nodes flat`, flat(a, b), `${a.nodes}->${b.nodes} nodes`);
    await target.context.close();
  }
}
await browser.close();
await Promise.all([irc.close(), emotes.close(), bare.close(), silent.close()]);
await server.stop();

console.log("\nGoals:");
for (const g of results.goals) console.log(`  ${g.ok ? "PASS" : "MISS"}  ${g.name}: ${g.detail}`);
if (args.includes("--json")) console.log(JSON.stringify({ load, idle, goals: results.goals }));
if (args.includes("--strict") && results.goals.some((g) => !g.ok)) process.exit(1);
