/**
 * Active sessions (device, last seen); end any of them. Ending the current one logs you out. Yours by
 * default; the Users tab's Devices panel passes a user's, with the call that ends one of theirs.
 */
import type { SessionView } from "@portfolio/core/domain";
import { useState } from "react";
import { errorMessage } from "../../api/api-client.ts";
import { useApi } from "../../auth/auth-context.tsx";
import { Button } from "../../components/Button.tsx";
import { formatDateTime, relativeTime } from "../dates.ts";
import { useNotify } from "../feedback.tsx";
import { ErrorBlock, LoadingBlock } from "../States.tsx";
import type { LoadState } from "../use-load.ts";
import { describeUserAgent } from "../user-agent.ts";

export function SessionsList({
  sessions,
  onEndedCurrent,
  endSession,
  what = "your sessions",
}: {
  sessions: LoadState<SessionView[]>;
  onEndedCurrent: () => Promise<void>;
  endSession?: (sessionId: string) => Promise<void>;
  /** Names the list in its loading and error lines. */
  what?: string;
}) {
  const api = useApi();
  const endOne = endSession ?? ((sessionId: string) => api.endSession(sessionId));
  const notify = useNotify();
  const [busyId, setBusyId] = useState<string | null>(null);

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

  if (sessions.error && !sessions.data)
    return <ErrorBlock error={sessions.error} what={what} onRetry={sessions.reload} />;
  if (!sessions.data) return <LoadingBlock label={`Loading ${what}…`} />;
  return (
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
            variant={session.current ? "secondary" : "danger"}
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
  );
}
