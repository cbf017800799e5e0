/**
 * The owner's profile for the public pages: first what the HTML was built with (defaults, or the server's
 * profile when built with PRERENDER_API_URL), then what the server says now (fetched once per visit of the
 * page, after hydration), so an edit in the admin panel shows without a rebuild. Only text changes.
 */
import { useAuth } from "@portfolio/ui";
import { useEffect, useState } from "react";
import { type SiteSettings, settingsWith } from "../settings/site-settings.ts";
import { isSiteProfile, useInitialData } from "./initial-data.tsx";

export function useSiteSettings(): SiteSettings {
  const { profile: built } = useInitialData();
  const { api } = useAuth();
  const [settings, setSettings] = useState(() => settingsWith(built));

  useEffect(() => {
    let live = true;
    // Until the server answers the page shows what it was built with.
    const shown = JSON.stringify(settingsWith(built));
    api.call("profile.get", {}).then(
      (answer) => {
        // An answer that changes nothing on the page (the usual one) sets nothing, so nothing renders: a new
        // object rendered the whole page again right after hydration (docs/performance.md, "The public
        // pages"). Both sides come from JSON, so equal text is equal settings.
        const next = isSiteProfile(answer) && settingsWith(answer);
        if (live && next && JSON.stringify(next) !== shown) setSettings(next);
      },
      () => {
        // Keep what the page was built with.
      },
    );
    return () => {
      live = false;
    };
  }, [api, built]);

  return settings;
}
