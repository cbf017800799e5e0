/**
 * The audit log (users:view): every admin action with who, what, when and the before/after of changed
 * fields, newest first, filterable by actor and kind, in pages ('Show older entries').
 */
import type { AuditEntryView } from "@portfolio/core/domain";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useApi } from "../../auth/auth-context.tsx";
import { Button } from "../../components/Button.tsx";
import { INPUT_CLASSES } from "../../components/FormField.tsx";
import { AUDIT_KINDS, auditChanges, describeAuditAction } from "../audit-format.ts";
import { formatDateTime, relativeTime } from "../dates.ts";
import { EmptyBlock, ErrorBlock, LoadingBlock } from "../States.tsx";
import { useActorSuggestions } from "./use-actor-suggestions.ts";

export const AUDIT_PAGE_SIZE = 25;

interface Filters {
  actor: string;
  kind: string;
}

interface Page {
  entries: AuditEntryView[];
  next: number | null;
}

export function AuditLog() {
  const api = useApi();
  const id = useId();
  const [filters, setFilters] = useState<Filters>({ actor: "", kind: "" });
  const [actorInput, setActorInput] = useState("");
  const actorNames = useActorSuggestions(actorInput);
  const [page, setPage] = useState<Page | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const sequence = useRef(0);

  const load = useCallback(
    async (before?: number) => {
      const ticket = ++sequence.current;
      setLoading(true);
      setError(null);
      try {
        const answer = await api.call("audit.list", {
          actor: filters.actor || undefined,
          kind: filters.kind || undefined,
          before,
          limit: AUDIT_PAGE_SIZE,
        });
        if (ticket !== sequence.current) return;
        setPage((current) =>
          before !== undefined && current
            ? { entries: [...current.entries, ...answer.entries], next: answer.next }
            : { entries: answer.entries, next: answer.next },
        );
      } catch (failure) {
        if (ticket === sequence.current) setError(failure);
      } finally {
        if (ticket === sequence.current) setLoading(false);
      }
    },
    [api, filters],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const applyActor = (event: FormEvent) => {
    event.preventDefault();
    setFilters((f) => ({ ...f, actor: actorInput.trim() }));
  };

  return (
    <div className="space-y-4" data-testid="audit-log" aria-busy={loading}>
      <form onSubmit={applyActor} className="flex flex-wrap items-end gap-3" aria-label="Filter the audit log">
        <div className="w-48">
          <label htmlFor={`${id}-actor`} className="mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300">
            Who
          </label>
          <input
            id={`${id}-actor`}
            list={`${id}-actors`}
            value={actorInput}
            onChange={(e) => setActorInput(e.target.value)}
            placeholder="Any user"
            className={`${INPUT_CLASSES} h-9 text-sm`}
          />
          <datalist id={`${id}-actors`}>
            {actorNames.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
        <div className="w-52">
          <label htmlFor={`${id}-kind`} className="mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300">
            Kind
          </label>
          <select
            id={`${id}-kind`}
            value={filters.kind}
            onChange={(e) => setFilters((f) => ({ ...f, kind: e.target.value }))}
            className={`${INPUT_CLASSES} h-9 text-sm`}
          >
            {AUDIT_KINDS.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" size="sm" variant="secondary" className="h-9">
          Filter
        </Button>
        {filters.actor || filters.kind ? (
          <Button
            size="sm"
            variant="ghost"
            className="h-9"
            onClick={() => {
              setActorInput("");
              setFilters({ actor: "", kind: "" });
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </form>
      {error && !page ? <ErrorBlock error={error} what="the audit log" onRetry={() => load()} /> : null}
      {!page && !error ? <LoadingBlock label="Loading the audit log…" /> : null}
      {page && page.entries.length === 0 ? <EmptyBlock title="No matching entries" /> : null}
      {page && page.entries.length > 0 ? (
        <ol className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Audit log entries, newest first">
          {page.entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </ol>
      ) : null}
      {page?.next != null ? (
        <div className="flex justify-center">
          <Button variant="secondary" size="sm" loading={loading} onClick={() => load(page.next ?? undefined)}>
            Show older entries
          </Button>
        </div>
      ) : null}
      {error && page ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Could not load more entries. Please try again.
        </p>
      ) : null}
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntryView }) {
  const changes = auditChanges(entry);
  return (
    <li className="py-3 text-sm" data-testid="audit-entry" data-action={entry.action}>
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <span className="font-semibold text-slate-900 dark:text-white">{entry.actorName}</span>
        <span className="text-slate-700 dark:text-slate-300" data-testid="audit-summary">
          {describeAuditAction(entry)}
        </span>
        <time
          dateTime={entry.at}
          title={formatDateTime(entry.at)}
          className="ml-auto text-xs whitespace-nowrap text-slate-600 dark:text-slate-400"
        >
          {relativeTime(entry.at)}
        </time>
      </div>
      {changes.length > 0 ? (
        <details className="mt-1.5 group">
          <summary className="cursor-pointer text-xs font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            {changes.length} {changes.length === 1 ? "field" : "fields"}: before and after
          </summary>
          <table className="mt-2 w-full text-xs">
            <thead>
              <tr className="text-left text-slate-600 dark:text-slate-400">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Field
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Before
                </th>
                <th scope="col" className="py-1 font-medium">
                  After
                </th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.field} className="align-top">
                  <th scope="row" className="py-1 pr-3 text-left font-medium text-slate-800 dark:text-slate-200">
                    {change.field}
                  </th>
                  <td className="py-1 pr-3 break-all text-red-800 dark:text-red-300">
                    {change.before ?? <span className="text-slate-500 dark:text-slate-400">—</span>}
                  </td>
                  <td className="py-1 break-all text-emerald-800 dark:text-emerald-300">
                    {change.after ?? <span className="text-slate-500 dark:text-slate-400">—</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </li>
  );
}
