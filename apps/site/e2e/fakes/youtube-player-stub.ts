/**
 * Stand-ins for YouTube's browser side, routed by Playwright (the browser has no internet):
 * - https://www.youtube.com/iframe_api → a small script defining `YT.Player` with the real method and event
 *   names (playVideo, pauseVideo, loadVideoById, cueVideoById, getPlayerState; onReady, onStateChange,
 *   onError; YT.PlayerState ENDED=0 PLAYING=1 PAUSED=2 BUFFERING=3 CUED=5). It records every call in
 *   `window.__ytStub.calls` and lets a test fire events: `__ytStub.end()`, `__ytStub.error(150)`.
 * - https://www.youtube-nocookie.com/embed/… → an empty page (the stub takes the player's place).
 * - https://i.ytimg.com/vi/<id>/… → a small solid-colour PNG per video.
 */

import type { Page } from "@playwright/test";
import { pngPicture } from "@portfolio/testing/data/pictures.ts";

export const IFRAME_API_STUB = `(() => {
  const PlayerState = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 };
  const stub = (window.__ytStub = window.__ytStub || { players: [], calls: [] });
  class Player {
    constructor(element, options) {
      const el = typeof element === "string" ? document.getElementById(element) : element;
      this.options = options || {};
      this.videoId = this.options.videoId || null;
      let vars = this.options.playerVars || {};
      // Like the real API, it can take over an <iframe> the page made: video and settings come from its src.
      if (el.tagName === "IFRAME") {
        const url = new URL(el.src);
        const id = url.pathname.split("/embed/")[1] || "";
        this.videoId = id ? decodeURIComponent(id) : null;
        vars = {};
        url.searchParams.forEach((value, key) => { vars[key] = value !== "" && !Number.isNaN(Number(value)) ? Number(value) : value; });
        stub.frames = (stub.frames || []).concat([{ src: el.src, referrerPolicy: el.referrerPolicy, title: el.title }]);
      }
      this.state = PlayerState.UNSTARTED;
      const frame = document.createElement("div");
      frame.setAttribute("data-testid", "yt-stub");
      frame.style.cssText = "width:100%;height:100%;display:flex;align-items:center;justify-content:center;color:#e2e8f0;font:600 15px system-ui;background:linear-gradient(135deg,#1e1b4b,#4c1d95)";
      el.replaceWith(frame);
      this.frame = frame;
      stub.players.push(this);
      stub.calls.push(["new", this.videoId, vars]);
      this.render();
      setTimeout(() => {
        if (this.destroyed) return;
        this.options.events && this.options.events.onReady && this.options.events.onReady({ target: this });
        if (this.videoId) this.setState(PlayerState.CUED);
      }, 10);
    }
    render() {
      this.frame.textContent = "▶ " + (this.videoId || "no video") + " · state " + this.state;
      this.frame.setAttribute("data-video-id", this.videoId || "");
      this.frame.setAttribute("data-state", String(this.state));
    }
    setState(state) {
      this.state = state;
      this.render();
      const events = this.options.events;
      events && events.onStateChange && events.onStateChange({ target: this, data: state });
    }
    playVideo() { stub.calls.push(["playVideo", this.videoId]); this.setState(PlayerState.PLAYING); }
    pauseVideo() { stub.calls.push(["pauseVideo", this.videoId]); this.setState(PlayerState.PAUSED); }
    stopVideo() { stub.calls.push(["stopVideo", this.videoId]); this.setState(PlayerState.CUED); }
    loadVideoById(id) {
      stub.calls.push(["loadVideoById", id]);
      this.videoId = id;
      this.setState(PlayerState.BUFFERING);
      setTimeout(() => this.videoId === id && !this.destroyed && this.setState(PlayerState.PLAYING), 5);
    }
    cueVideoById(id) { stub.calls.push(["cueVideoById", id]); this.videoId = id; this.setState(PlayerState.CUED); }
    getPlayerState() { return this.state; }
    getVideoData() { return { video_id: this.videoId }; }
    destroy() { stub.calls.push(["destroy", this.videoId]); this.destroyed = true; this.frame.remove(); }
  }
  stub.current = () => stub.players[stub.players.length - 1];
  stub.end = () => stub.current().setState(PlayerState.ENDED);
  stub.error = (code) => { const p = stub.current(); p.options.events && p.options.events.onError && p.options.events.onError({ target: p, data: code }); };
  window.YT = { Player, PlayerState, loaded: 1 };
  if (typeof window.onYouTubeIframeAPIReady === "function") window.onYouTubeIframeAPIReady();
})();`;

/** A solid-colour 120×90 PNG (the size of YouTube's default.jpg), one colour per video. */
const thumbnails = new Map<number, Buffer>();
function thumbnail(videoId: string): Buffer {
  let hash = 0;
  for (const char of videoId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 12;
  const cached = thumbnails.get(hue);
  if (cached) return cached;
  const [r, g, b] = [(hue * 37) % 256, 80 + ((hue * 53) % 120), 200 - ((hue * 29) % 120)];
  const png = pngPicture(120, 90, [r, g, b]);
  thumbnails.set(hue, png);
  return png;
}

/** Routes the IFrame API and thumbnails; counts requests to the real script (there must be one at most). */
export async function routeYouTube(page: Page): Promise<{ scriptRequests: () => number }> {
  let requests = 0;
  await page.route("https://www.youtube.com/iframe_api", (route) => {
    requests++;
    return route.fulfill({ contentType: "text/javascript", body: IFRAME_API_STUB });
  });
  await page.route("https://www.youtube-nocookie.com/embed/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>YouTube embed</title>" }),
  );
  await page.route("https://i.ytimg.com/**", (route) => {
    const id = /\/vi\/([^/]+)\//.exec(route.request().url())?.[1] ?? "x";
    return route.fulfill({ contentType: "image/png", body: thumbnail(id) });
  });
  return { scriptRequests: () => requests };
}
