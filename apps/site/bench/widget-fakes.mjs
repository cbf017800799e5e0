/**
 * The benchmark's local stand-ins (plain JS: the bench runs on Node without a TypeScript loader): Twitch IRC
 * over WebSocket (anonymous login, JOIN with ROOMSTATE room-id, PRIVMSG broadcast, dropping connections),
 * BetterTTV, FrankerFaceZ and 7TV speaking their real JSON with small SVG pictures, a heart-rate feed that
 * accepts and stays silent (no signal), and the bare comparison page. The e2e tests have fuller fakes in
 * apps/site/e2e/fakes.
 */
import { createServer } from "node:http";
import { WebSocketServer } from "ws";

const listen = (server) =>
  new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`127.0.0.1:${server.address().port}`)));

export const ROOM_ID = "1001";
export const THIRD_PARTY_WORDS = { bttv: "SourPls", ffz: "CatBag", "7tv": "EZ", zeroWidth: "cvHazmat" };

export async function startIrc() {
  const http = createServer((_q, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ server: http });
  const clients = new Set();
  wss.on("connection", (socket) => {
    const client = { socket, channel: null };
    clients.add(client);
    socket.on("close", () => clients.delete(client));
    socket.on("message", (data) => {
      for (const line of data.toString().split(/\r?\n/).filter(Boolean)) {
        const [command, argument = ""] = [line.split(" ")[0].toUpperCase(), line.split(" ").slice(1).join(" ")];
        if (command === "NICK") socket.send(`:tmi.twitch.tv 001 ${argument} :Welcome, GLHF!\r\n`);
        if (command === "JOIN") {
          client.channel = argument.replace(/^#/, "");
          socket.send(
            `:${client.channel}!x@x.tmi.twitch.tv JOIN #${client.channel}\r\n@emote-only=0;room-id=${ROOM_ID} :tmi.twitch.tv ROOMSTATE #${client.channel}\r\n`,
          );
        }
      }
    });
  });
  const host = await listen(http);
  return {
    url: `ws://${host}`,
    joined: () => [...clients].filter((c) => c.channel).length,
    send(line) {
      const frame = `${line}\r\n`;
      for (const client of clients) if (client.channel && client.socket.readyState === 1) client.socket.send(frame);
    },
    dropAll() {
      for (const client of clients) client.socket.terminate();
    },
    close: () =>
      new Promise((resolve) => {
        for (const c of clients) c.socket.terminate();
        wss.close();
        http.close(() => resolve());
      }),
  };
}

/** The n-th chat line: two badges, a Twitch emote and third-party ones, about the length of real chat. */
export function chatLine(n, channel) {
  const login = `viewer${n % 97}`;
  const text = `Kappa message ${n} ${THIRD_PARTY_WORDS.bttv} that was a good play ${THIRD_PARTY_WORDS["7tv"]} ${THIRD_PARTY_WORDS.zeroWidth} gg ${THIRD_PARTY_WORDS.ffz}`;
  const tags = `badge-info=;badges=subscriber/12,premium/1;color=#1E90FF;display-name=Viewer${n % 97};emotes=25:0-4;id=m${n};room-id=${ROOM_ID};tmi-sent-ts=${Date.now()};user-id=${n % 97}`;
  return `@${tags} :${login}!${login}@${login}.tmi.twitch.tv PRIVMSG #${channel} :${text}`;
}

const svg = (color) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="28" height="28"><rect width="28" height="28" rx="6" fill="${color}"/></svg>`;

/**
 * Where the fake providers' pictures live: an https address (the page's Content-Security-Policy allows
 * pictures from https only), answered by the benchmark's page.route with a small SVG.
 */
export const EMOTE_CDN = "https://emotes.bench.test";

export async function startEmoteProviders() {
  const http = createServer();
  const host = await listen(http);
  const origin = `http://${host}`;
  const files = (id) => ({
    url: `${EMOTE_CDN}/7tv-cdn/${id}`,
    files: [{ name: "1x.webp", width: 28, height: 28, format: "WEBP" }],
  });
  const routes = {
    "/bttv/3/cached/emotes/global": [
      { id: "b-sour", code: "SourPls", imageType: "gif", animated: true },
      { id: "b-hazmat", code: "cvHazmat", imageType: "png", animated: false },
    ],
    [`/bttv/3/cached/users/twitch/${ROOM_ID}`]: { channelEmotes: [], sharedEmotes: [] },
    "/ffz/v1/set/global": {
      default_sets: [3],
      sets: {
        3: { emoticons: [{ id: 25927, name: "CatBag", width: 28, height: 28, urls: { 1: `${EMOTE_CDN}/ffz-cdn/1` } }] },
      },
    },
    [`/ffz/v1/room/id/${ROOM_ID}`]: { room: { set: 7 }, sets: { 7: { emoticons: [] } } },
    "/7tv/v3/emote-sets/global": {
      id: "g",
      emotes: [{ id: "s-ez", name: "EZ", flags: 0, data: { animated: false, host: files("ez") } }],
    },
    [`/7tv/v3/users/twitch/${ROOM_ID}`]: { emote_set: { id: "c", emotes: [] } },
  };
  http.on("request", (req, res) => {
    const path = new URL(req.url, origin).pathname;
    if (/(cdn|\/emote\/)/.test(path))
      return res
        .writeHead(200, { "content-type": "image/svg+xml", "cache-control": "max-age=3600" })
        .end(svg("#22C55E"));
    const body = routes[path];
    res
      .writeHead(body ? 200 : 404, { "content-type": "application/json", "access-control-allow-origin": "*" })
      .end(JSON.stringify(body ?? {}));
  });
  // The update feeds accept and stay quiet.
  const wss = new WebSocketServer({ server: http });
  wss.on("connection", (socket, req) => {
    if (req.url?.startsWith("/7tv"))
      socket.send(JSON.stringify({ op: 1, d: { heartbeat_interval: 45000, session_id: "s" } }));
  });
  return {
    params: `&bttvApi=${encodeURIComponent(`${origin}/bttv/3`)}&ffzApi=${encodeURIComponent(`${origin}/ffz/v1`)}&7tvApi=${encodeURIComponent(`${origin}/7tv/v3`)}`,
    close: () =>
      new Promise((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close();
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** A heart-rate feed that accepts every connection and sends nothing: the widget's no-signal state. */
export async function startSilentFeed() {
  const http = createServer((_q, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ server: http });
  const host = await listen(http);
  return {
    url: `ws://${host}/feed`,
    close: () =>
      new Promise((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close();
        http.close(() => resolve());
      }),
  };
}

/**
 * The comparison: a bare page that reads the same IRC feed and appends each message as a plain text line,
 * keeping the last 50. What showing the lines costs at the least.
 */
export async function startBarePage() {
  const html = `<!doctype html><meta charset="utf-8"><title>bare</title><body style="margin:0;font:18px sans-serif;color:#fff"><div id="log"></div><script>
const log = document.getElementById("log");
const params = new URLSearchParams(location.search);
const ws = new WebSocket(params.get("server"));
ws.onopen = () => { ws.send("CAP REQ :twitch.tv/tags twitch.tv/commands"); ws.send("NICK justinfan12345"); ws.send("JOIN #" + params.get("channel")); };
ws.onmessage = (event) => {
  for (const line of event.data.split("\\r\\n")) {
    const at = line.indexOf(" PRIVMSG ");
    if (at < 0) continue;
    const name = /display-name=([^;]*)/.exec(line)?.[1] ?? "";
    const text = line.slice(line.indexOf(" :", at) + 2);
    const div = document.createElement("div");
    div.textContent = name + ": " + text;
    log.append(div);
    if (log.childElementCount > 50) log.firstElementChild.remove();
  }
};
</script>`;
  const http = createServer((_q, res) => res.writeHead(200, { "content-type": "text/html" }).end(html));
  const host = await listen(http);
  return {
    url: `http://${host}/`,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
