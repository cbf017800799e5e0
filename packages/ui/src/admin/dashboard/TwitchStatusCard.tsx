/** Whether Twitch is connected: scopes and since when (never the token). */
import type { TwitchStatus } from "@portfolio/core/domain";
import { TwitchIcon } from "../../components/icons.tsx";
import { formatDateTime, relativeTime } from "../dates.ts";
import { ErrorBlock, LoadingBlock } from "../States.tsx";
import type { LoadState } from "../use-load.ts";

/** What 'Twitch not connected' says to do, told where the viewer stands. */
export const TWITCH_NOT_CONNECTED_HINTS = {
  /** Beside the 'Connect Twitch' button itself. */
  here: "Connect it with the button below.",
  /** To the owner, elsewhere in the panel. */
  owner: "Connect it with 'Connect Twitch' in the Settings tab.",
  /** To staff who cannot connect it. */
  others: "The owner connects it with 'Connect Twitch' in the Settings tab.",
} as const;

export function TwitchStatusCard({
  status,
  notConnectedHint,
}: {
  status: LoadState<TwitchStatus>;
  notConnectedHint: string;
}) {
  if (status.error && !status.data)
    return <ErrorBlock error={status.error} what="the Twitch status" onRetry={status.reload} />;
  if (!status.data) return <LoadingBlock label="Checking Twitch…" />;
  const twitch = status.data;
  return (
    <div className="flex items-start gap-3" data-testid="twitch-status">
      <span
        className={
          twitch.connected
            ? "flex size-10 shrink-0 items-center justify-center rounded-xl bg-purple-100 text-purple-800 dark:bg-purple-950 dark:text-purple-200"
            : "flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-400"
        }
      >
        <TwitchIcon />
      </span>
      {twitch.connected ? (
        <div className="min-w-0 text-sm">
          <p className="font-semibold text-slate-900 dark:text-white">Twitch connected</p>
          <p className="text-slate-700 dark:text-slate-300">
            Scope: {twitch.scope.length > 0 ? twitch.scope.join(", ") : "none"}
            {twitch.tokenType ? ` · ${twitch.tokenType} token` : ""}
            {twitch.encrypted ? " · stored encrypted" : " · stored unencrypted"}
          </p>
          {twitch.connectedAt ? (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              Connected{" "}
              <time dateTime={twitch.connectedAt} title={formatDateTime(twitch.connectedAt)}>
                {relativeTime(twitch.connectedAt)}
              </time>
            </p>
          ) : null}
        </div>
      ) : (
        <div className="text-sm">
          <p className="font-semibold text-slate-900 dark:text-white">Twitch not connected</p>
          <p className="text-slate-600 dark:text-slate-400">{notConnectedHint}</p>
        </div>
      )}
    </div>
  );
}
