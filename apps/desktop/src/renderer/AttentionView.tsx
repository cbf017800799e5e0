/**
 * 'Needs attention': every change the server did not take. A conflict shows each conflicting field, mine
 * next to the server's, with 'Keep mine' (sent again on the server's version) and 'Use server'; a
 * rejected change shows the server's message and 'Discard'. Nothing leaves this list without a choice.
 */
import { Alert, Button, errorMessage } from "@portfolio/ui";
import { useCallback, useEffect, useState } from "react";
import type { AttentionItem, DesktopState } from "../shared/desktop-operations.ts";
import { changeRows, conflictRows } from "./attention-format.ts";
import type { DesktopClient } from "./desktop-client.ts";

type Choice = "desktop.keepMine" | "desktop.useServer" | "desktop.discard";

const DONE: Record<Choice, (title: string) => string> = {
  "desktop.keepMine": (title) => `Kept your version of "${title}". It is sent at the next sync.`,
  "desktop.useServer": (title) => `Took the server's version of "${title}".`,
  "desktop.discard": (title) => `Discarded your change to "${title}".`,
};

const TH = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400";
const TD = "px-3 py-2 align-top break-words";

export function AttentionView({
  client,
  attentionCount,
  onState,
}: {
  client: DesktopClient;
  /** From the polled state: the list is fetched again whenever it changes. */
  attentionCount: number;
  onState: (state: DesktopState) => void;
}) {
  const [items, setItems] = useState<AttentionItem[] | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  const load = useCallback(async () => {
    try {
      setItems((await client.call("desktop.attention", {})).items);
      setLoadError(null);
    } catch (failure) {
      setLoadError(errorMessage(failure, "The list could not be read."));
    }
  }, [client]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new count means the list changed (a sync ran).
  useEffect(() => {
    void load();
  }, [load, attentionCount]);

  const choose = async (item: AttentionItem, choice: Choice) => {
    setBusy(`${item.opId}:${choice}`);
    setFeedback(null);
    try {
      onState(await client.call(choice, { opId: item.opId }));
      setFeedback({ tone: "success", text: DONE[choice](item.title) });
    } catch (failure) {
      setFeedback({ tone: "error", text: errorMessage(failure, "That did not work. Please try again.") });
    } finally {
      setBusy(null);
    }
    await load();
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6" data-testid="attention-view">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Needs attention</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        Changes from this computer that the server did not take. Each one waits here until you decide.
      </p>
      <div aria-live="polite" className="mt-4 empty:hidden">
        {feedback ? <Alert tone={feedback.tone}>{feedback.text}</Alert> : null}
      </div>
      {loadError ? (
        <Alert tone="error" className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <span>Could not load what needs attention. {loadError}</span>
          <Button size="sm" variant="secondary" onClick={load}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {items && items.length === 0 ? (
        <div
          className="mt-6 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700"
          data-testid="attention-empty"
        >
          <p className="text-lg font-semibold text-slate-900 dark:text-white">Nothing needs your attention.</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Every change from this computer has been synced or is waiting to be sent.
          </p>
        </div>
      ) : null}
      <ul className="mt-6 space-y-4" aria-label="Changes that need attention">
        {(items ?? []).map((item) => (
          <li key={item.opId}>
            <AttentionCard item={item} busy={busy} onChoose={(choice) => choose(item, choice)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function AttentionCard({
  item,
  busy,
  onChoose,
}: {
  item: AttentionItem;
  busy: string | null;
  onChoose: (choice: Choice) => void;
}) {
  const headingId = `attention-${item.opId}`;
  const loading = (choice: Choice) => busy === `${item.opId}:${choice}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="attention-item"
      data-kind={item.kind}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={
            item.kind === "conflict"
              ? "rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200"
              : "rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200"
          }
        >
          {item.kind === "conflict" ? "Conflict" : "Rejected"}
        </span>
        <h2 id={headingId} className="text-base font-semibold break-words text-slate-900 dark:text-white">
          {item.title}
        </h2>
      </div>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="attention-message">
        {item.message}
      </p>
      {item.kind === "conflict" ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse text-sm" data-testid="conflict-table">
            <caption className="sr-only">Your values and the server's values for {item.title}</caption>
            <thead className="border-b border-slate-200 dark:border-slate-800">
              <tr>
                <th scope="col" className={TH}>
                  Field
                </th>
                <th scope="col" className={TH}>
                  Mine
                </th>
                <th scope="col" className={TH}>
                  Server
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {conflictRows(item).map((row) => (
                <tr key={row.field} data-testid="conflict-row" data-field={row.field}>
                  <th scope="row" className={`${TD} text-left font-medium text-slate-900 dark:text-white`}>
                    {row.label}
                  </th>
                  <td className={`${TD} text-slate-800 dark:text-slate-200`} data-testid="mine-value">
                    {row.mine}
                  </td>
                  <td className={`${TD} text-slate-800 dark:text-slate-200`} data-testid="server-value">
                    {row.server}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          {changeRows(item).map((row) => (
            <div key={row.label} className="contents">
              <dt className="font-medium text-slate-900 dark:text-white">{row.label}</dt>
              <dd className="break-words text-slate-800 dark:text-slate-200">{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {item.kind === "conflict" ? (
          <>
            <Button
              onClick={() => onChoose("desktop.keepMine")}
              loading={loading("desktop.keepMine")}
              disabled={busy !== null}
              aria-label={`Keep mine for ${item.title}`}
            >
              Keep mine
            </Button>
            <Button
              variant="secondary"
              onClick={() => onChoose("desktop.useServer")}
              loading={loading("desktop.useServer")}
              disabled={busy !== null}
              aria-label={`Use server for ${item.title}`}
            >
              Use server
            </Button>
          </>
        ) : (
          <Button
            variant="danger"
            onClick={() => onChoose("desktop.discard")}
            loading={loading("desktop.discard")}
            disabled={busy !== null}
            aria-label={`Discard my change to ${item.title}`}
          >
            Discard
          </Button>
        )}
      </div>
    </article>
  );
}
