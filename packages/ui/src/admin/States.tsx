/** Loading, error and empty blocks shared by the tabs. */
import type { ReactNode } from "react";
import { errorMessage } from "../api/api-client.ts";
import { Alert } from "../components/Alert.tsx";
import { Button, Spinner } from "../components/Button.tsx";
import { NEEDS_CONNECTION, needsConnection } from "../sync/needs-connection.ts";

export function LoadingBlock({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-12 text-slate-600 dark:text-slate-400">
      <Spinner className="size-5 text-indigo-600 dark:text-indigo-400" />
      <span>{label}</span>
    </div>
  );
}

/** A call the desktop app can only make through the server, while it is offline (never on the web). */
export function NeedsConnectionBlock({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert tone="info" className="flex flex-wrap items-center justify-between gap-3" testId="needs-connection">
      <span>
        <strong className="block font-semibold">{NEEDS_CONNECTION.title}</strong>
        <span className="font-normal">{NEEDS_CONNECTION.explanation}</span>
      </span>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

export function ErrorBlock({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  if (needsConnection(error)) return <NeedsConnectionBlock onRetry={onRetry} />;
  const reason = errorMessage(error, "The server answered with an error.", "The server could not be reached.");
  return (
    <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
      <span>
        Could not load {what}. {reason}
      </span>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

export function EmptyBlock({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
      <p className="text-lg font-semibold text-slate-900 dark:text-white">{title}</p>
      {children ? <div className="mt-4 flex justify-center">{children}</div> : null}
    </div>
  );
}

/** A titled card. */
export function Card({
  title,
  description,
  actions,
  children,
  className,
  headingLevel = 2,
  testId,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
  testId?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      data-testid={testId}
      aria-label={title}
      className={`min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className ?? ""}`}
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <Heading className="text-base font-semibold text-slate-900 dark:text-white">{title}</Heading>
          {description ? <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
