/**
 * Active sessions (device, last seen); end any of them. Ending the current one logs you out. Yours by
 * default; the Users tab's Devices panel passes a user's, with the call that ends one of theirs. Each
 * 'End' is quiet (secondary): one red button per row reads as an alarm. Your own list also offers
 * 'Log out everywhere else', asked first, when there is another session to end.
 */
import type { SessionView } from "@portfolio/core/domain";
import { useState } from "react";
import { errorMessage } from "../../api/api-client.ts";
import { useApi } from "../../auth/auth-context.tsx";
import { Button } from "../../components/Button.tsx";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { endedOtherSessionsMessage, endOtherSessionsConfirmation } from "../confirmations.ts";
import { formatDateTime, relativeTime } from "../dates.ts";
import { useNotify } from "../feedback.tsx";
import { ErrorBlock, LoadingBlock } from "../States.tsx";
import type { LoadState } from "../use-load.ts";
import { describeUserAgent } from "../user-agent.ts";

export function SessionsList({
  sessions,
  onEndedCurrent,
  endSession,
  endOthers,
  what = "your sessions",
}: {
  sessions: LoadState<SessionView[]>;
  onEndedCurrent: () => Promise<void>;
  endSession?: (sessionId: string) => Promise<void>;
  /** Ends every session but the current one (your own list only); shows 'Log out everywhere else'. */
  endOthers?: () => Promise<{ ended: number }>;
  /** Names the list in its loading and error lines. */
  what?: string;
}) {
  const api = useApi();
  const endOne = endSession ?? ((sessionId: string) => api.call("sessions.end", { id: sessionId }));
  const notify = useNotify();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [askingEndOthers, setAskingEndOthers] = useState(false);

  const end = async (session: SessionView) => {
    setBusyId(session.id);
    try {
      await endOne(session.id);
      if (session.current) return await onEndedCurrent();
      notify({ tone: "success", text: `Session on ${describeUserAgent(session.userAgent)} ended.` });
    } catch (error) {
      notify({ tone: "error", text: "The session was not ended.", detail: errorMessage(error, "Unknown error") });
    } finally {
      setBusyId(null);
    }
    await sessions.reload();
  };

  const confirmEndOthers = async () => {
    if (!endOthers) return;
    try {
      const { ended } = await endOthers();
      notify({ tone: "success", text: endedOtherSessionsMessage(ended) });
    } catch (error) {
      notify({
        tone: "error",
        text: "Your other sessions were not ended.",
        detail: errorMessage(error, "Unknown error"),
      });
    } finally {
      setAskingEndOthers(false);
    }
    await sessions.reload();
  };

  if (sessions.error && !sessions.data)
    return <ErrorBlock error={sessions.error} what={what} onRetry={sessions.reload} />;
  if (!sessions.data) return <LoadingBlock label={`Loading ${what}…`} />;
  const others = sessions.data.filter((session) => !session.current).length;
  const question = endOtherSessionsConfirmation(others);
  return (
    <>
      {endOthers && others > 0 ? (
        <div className="flex justify-end pb-2">
          <Button size="sm" variant="secondary" onClick={() => setAskingEndOthers(true)}>
            Log out everywhere else
          </Button>
        </div>
      ) : null}
      <ul
        className="divide-y divide-slate-200 dark:divide-slate-800"
        data-testid="sessions-list"
        aria-label="Active sessions"
      >
        {sessions.data.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
            data-testid="session-row"
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-white">
                {describeUserAgent(session.userAgent)}
                {session.current ? (
                  <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
                    This device
                  </span>
                ) : null}
              </p>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                Last seen{" "}
                <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt)}>
                  {relativeTime(session.lastSeenAt)}
                </time>
                {" · "}signed in {formatDateTime(session.createdAt)}
              </p>
            </div>
            <Button
              size="sm"
              variant="secondary"
              loading={busyId === session.id}
              onClick={() => end(session)}
              aria-label={
                session.current
                  ? "End this session"
                  : `End session on ${describeUserAgent(session.userAgent)}, last seen ${relativeTime(session.lastSeenAt)}`
              }
            >
              {session.current ? "End this session" : "End session"}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={askingEndOthers}
        {...question}
        onConfirm={confirmEndOthers}
        onCancel={() => setAskingEndOthers(false)}
      />
    </>
  );
}
