/**
 * The outer edges the visitor tools talk to through the server, started once by the global setup before the
 * server (so its environment points at them): the fake YouTube Data API with the playlists of playlists.ts,
 * the fake cat API, and Twitch's fake identity service (authorize and validate). All are the shared test
 * fakes (packages/testing/src/fakes), real HTTP servers on loopback speaking the real protocols.
 */
import { startFakeCatApi } from "@portfolio/testing/fakes/fake-cat-api.ts";
import { FAKE_TWITCH_CLIENT_ID, startFakeTwitchId } from "@portfolio/testing/fakes/fake-twitch-id.ts";
import { startFakeYouTube } from "@portfolio/testing/fakes/fake-youtube.ts";
import { PLAYLIST_CONTENTS } from "./playlists.ts";

export interface ToolFakes {
  /** Environment for the real server. */
  env: Record<string, string>;
  /** Call once the site is up: the fake cat API's images then live on the site's own origin. */
  siteStarted(baseUrl: string): void;
  stop(): Promise<void>;
}

export async function startToolFakes(): Promise<ToolFakes> {
  const youtube = await startFakeYouTube();
  for (const [id, videos] of Object.entries(PLAYLIST_CONTENTS)) youtube.playlists.set(id, videos);
  const cats = await startFakeCatApi();
  // 'Connect Twitch': the authorize page sends the browser straight back with a token it then validates.
  const twitch = await startFakeTwitchId();
  return {
    env: {
      YOUTUBE_API_KEY: youtube.apiKey,
      YOUTUBE_API_BASE_URL: youtube.baseUrl,
      CAT_API_BASE_URL: cats.baseUrl,
      TWITCH_CLIENT_ID: FAKE_TWITCH_CLIENT_ID,
      TWITCH_AUTH_BASE_URL: twitch.baseUrl,
    },
    siteStarted(baseUrl) {
      // The browser has no internet (and the CSP allows https: or 'self' images): the fake CDN is the
      // server's own illustrations, one per call, marked so a test can tell the API's pick.
      cats.imageUrl = (n) => `${baseUrl}/api/cat-of-the-day/fallback/${((n - 1) % 4) + 1}.svg?fake-cat=${n}`;
    },
    async stop() {
      await Promise.all([youtube.close(), cats.close(), twitch.close()]);
    },
  };
}
