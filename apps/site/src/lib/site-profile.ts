/**
 * The owner's profile for the public pages: first what the HTML was built with (defaults, or the server's
 * profile when built with PRERENDER_API_URL), then what the server says now (fetched once per visit of the
 * page, after hydration), so an edit in the admin panel shows without a rebuild. Only text changes.
 */
import type { SiteProfile } from "@portfolio/core/domain";
import { useAuth } from "@portfolio/ui";
import { useEffect, useMemo, useState } from "react";
import { type SiteSettings, settingsWith } from "../settings/site-settings.ts";
import { isSiteProfile, useInitialData } from "./initial-data.tsx";

export function useSiteSettings(): SiteSettings {
  const { profile: built } = useInitialData();
  const { api } = useAuth();
  const [profile, setProfile] = useState<SiteProfile | undefined>(built);

  useEffect(() => {
    let live = true;
    api.call("profile.get", {}).then(
      (answer) => {
        if (live && isSiteProfile(answer)) setProfile(answer);
      },
      () => {
        // Keep what the page was built with.
      },
    );
    return () => {
      live = false;
    };
  }, [api]);

  return useMemo(() => settingsWith(profile), [profile]);
}
