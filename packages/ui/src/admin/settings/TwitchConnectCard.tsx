/**
 * 'Connect Twitch' for the owner (docs/security.md, promise 22): asks the server for Twitch's authorize URL, which carries a
 * single-use state bound to this session, and sends the browser there. Twitch comes back to /twitch/callback,
 * which posts the state with the token; a callback not started here is refused.
 */
import { isHttpUrl } from "@portfolio/core/domain";
import { useState } from "react";
import { failureReason } from "../../api/api-client.ts";
import { useApi } from "../../auth/auth-context.tsx";
import { Button } from "../../components/Button.tsx";
import { SaveErrorBox } from "../../projects/SaveErrorBox.tsx";
import { SaveError } from "../../projects/save-error.ts";
import { TWITCH_NOT_CONNECTED_HINTS, TwitchStatusCard } from "../dashboard/TwitchStatusCard.tsx";
import { Card } from "../States.tsx";
import { useLoad } from "../use-load.ts";

export const CONNECT_TWITCH = "Connect Twitch";
export const CONNECT_FAILED = "Could not start the Twitch connection.";

/** Where the browser goes: `window.location.assign` unless a test or the desktop shell says otherwise. */
export function TwitchConnectCard({
  navigate = (url: string) => window.location.assign(url),
}: {
  navigate?: (url: string) => void;
}) {
  const api = useApi();
  const status = useLoad(() => api.call("twitch.status", {}));
  const [error, setError] = useState<SaveError | null>(null);
  const [busy, setBusy] = useState(false);

  const connect = async () => {
    setBusy(true);
    setError(null);
    try {
      const { authorizeUrl } = await api.call("twitch.connect", {});
      // Only ever leave for a web address, whatever the answer holds.
      if (!isHttpUrl(authorizeUrl)) throw new Error("The server did not answer a web address.");
      navigate(authorizeUrl);
    } catch (failure) {
      setError(new SaveError(CONNECT_FAILED, failureReason(failure)));
      setBusy(false);
    }
  };

  return (
    <Card
      title="Twitch"
      description="Authorize the stream widgets to read your Twitch chat. Twitch sends you back to this site, which stores the authorization."
      testId="twitch-connect"
      headingLevel={3}
    >
      <div className="space-y-4">
        <TwitchStatusCard status={status} notConnectedHint={TWITCH_NOT_CONNECTED_HINTS.here} />
        <SaveErrorBox error={error} />
        <Button type="button" onClick={connect} loading={busy}>
          {CONNECT_TWITCH}
        </Button>
      </div>
    </Card>
  );
}
