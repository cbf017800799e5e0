/**
 * The audit log's chain state (docs/security.md, promise 32): 'Audit log intact: 12,345 entries, checked 2
 * minutes ago', or where it breaks (the first entry changed, or the first after a removed one) and why.
 * The card opens on housekeeping's newest daily check, so opening the Dashboard never walks a log of 500,000
 * entries; only a site not checked yet is verified as the card opens. 'Verify now' walks the whole
 * chain again; 'checked …' keeps counting.
 */
import type { AuditVerifyAnswer } from "@portfolio/core/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "../../api/api-client.ts";
import { useApi } from "../../auth/auth-context.tsx";
import { Button, Spinner } from "../../components/Button.tsx";
import { cx } from "../../components/cx.ts";
import { AUDIT_CHAIN_MESSAGES } from "../../history/messages.ts";
import { NEEDS_CONNECTION, needsConnection } from "../../sync/needs-connection.ts";
import { relativeTime } from "../dates.ts";

interface Check {
  answer: AuditVerifyAnswer;
  at: string;
}

/** How often 'checked 2 minutes ago' is worked out again. */
const TICK_MS = 30_000;

export function AuditChainStatus() {
  const api = useApi();
  const [check, setCheck] = useState<Check | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(true);
  const [now, setNow] = useState(() => new Date());
  const sequence = useRef(0);

  /** Runs one read of the chain's state; `fresh` walks the whole chain, else the newest check is read. */
  const load = useCallback(
    async (fresh: boolean) => {
      const ticket = ++sequence.current;
      setBusy(true);
      try {
        const last = fresh ? null : (await api.call("audit.lastCheck", {})).check;
        const next: Check = last
          ? { answer: last, at: last.at }
          : { answer: await api.call("audit.verify", {}), at: new Date().toISOString() };
        if (ticket !== sequence.current) return;
        setCheck(next);
        setNow(new Date());
        setError(null);
      } catch (failure) {
        if (ticket === sequence.current) setError(failure);
      } finally {
        if (ticket === sequence.current) setBusy(false);
      }
    },
    [api],
  );
  const verify = useCallback(() => load(true), [load]);

  useEffect(() => {
    void load(false);
  }, [load]);

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const answer = check?.answer;
  const tone = error ? "error" : answer && !answer.ok ? "broken" : answer ? "intact" : "checking";
  return (
    <div
      data-testid="audit-chain"
      data-state={busy ? "checking" : tone}
      className={cx(
        "mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border px-4 py-3 text-sm",
        tone === "broken" || tone === "error"
          ? "border-red-300 bg-red-50 text-red-800 dark:border-red-800/70 dark:bg-red-950/60 dark:text-red-200"
          : tone === "intact"
            ? "border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-800/70 dark:bg-emerald-950/60 dark:text-emerald-200"
            : "border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-300",
      )}
    >
      {/* Announced when the state changes: a break assertively, the rest politely. */}
      <div role={tone === "broken" ? "alert" : "status"} className="min-w-0 flex-1" data-testid="audit-chain-text">
        {!answer && !error ? (
          <span className="flex items-center gap-2">
            <Spinner className="size-4" /> {AUDIT_CHAIN_MESSAGES.checking}
          </span>
        ) : null}
        {answer?.ok && check ? (
          <p className="font-medium">{AUDIT_CHAIN_MESSAGES.intact(answer.entries, relativeTime(check.at, now))}</p>
        ) : null}
        {answer && !answer.ok ? (
          <>
            <p className="font-semibold">{AUDIT_CHAIN_MESSAGES.broken(answer.firstBadId)}</p>
            <p className="mt-1">{answer.reason}</p>
            <p className="mt-1 text-xs">{AUDIT_CHAIN_MESSAGES.brokenHint(answer.entries)}</p>
          </>
        ) : null}
        {error ? (
          <p className="font-medium">
            {needsConnection(error)
              ? NEEDS_CONNECTION.title
              : `${AUDIT_CHAIN_MESSAGES.failed} ${errorMessage(error, "The server answered with an error.", "The server could not be reached.")}`}
          </p>
        ) : null}
      </div>
      <Button size="sm" variant="secondary" onClick={() => void verify()} loading={busy} data-testid="audit-verify">
        {AUDIT_CHAIN_MESSAGES.verify}
      </Button>
    </div>
  );
}
