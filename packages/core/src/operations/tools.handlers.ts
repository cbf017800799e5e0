/** The site profile and the visitor tools (shuffler, cat of the day, Twitch). */
import { Unavailable } from "../domain/errors.ts";
import { updateSiteProfile } from "../services/site-profile.service.ts";
import { connectTwitch, getTwitchStatus, saveTwitchAuthorization, twitchOptions } from "../services/twitch.service.ts";
import { playlistAvailability } from "../services/youtube/playlist.service.ts";
import type { Handlers } from "./context.ts";
import { publicReadHandlers } from "./public-reads.ts";

function need<T>(tool: T | undefined, what: string): T {
  if (!tool) throw new Unavailable(`${what} is not available here.`);
  return tool;
}

export const toolHandlers = {
  "profile.get": publicReadHandlers["profile.get"],
  "profile.update": ({ core, actor }, input) => updateSiteProfile(core, actor, input),
  "tools.playlist": async ({ core }, { test, playlistId }) => {
    // The probe answers even without a shuffler: "unavailable" is its answer, not a failed call.
    if (test === "true") return playlistAvailability(core.tools?.playlists);
    const playlists = need(core.tools?.playlists, "The playlist shuffler");
    const { videos } = await playlists.getPlaylist(playlistId);
    return { videos: [...videos] };
  },
  "tools.catOfTheDay": ({ core }) => need(core.tools?.cats, "The cat of the day").today(),
  "twitch.connect": ({ core, actor }) => connectTwitch(core, actor, twitchOptions(core)),
  "twitch.callback": ({ core, actor }, input) => saveTwitchAuthorization(core, actor, input, twitchOptions(core)),
  "twitch.status": ({ core, actor }) => getTwitchStatus(core, actor),
} satisfies Partial<Handlers>;
