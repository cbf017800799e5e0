/** /twitch/callback and /twitch/fallback: the Twitch authorization result (its own lazily loaded chunk). */
import { TwitchCallback } from "../tools/callback/TwitchCallback.tsx";
import { PageShell } from "./PageShell.tsx";

export default function TwitchCallbackPage() {
  return (
    <PageShell>
      <TwitchCallback />
    </PageShell>
  );
}
