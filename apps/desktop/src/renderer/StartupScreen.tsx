/** Until main first answers `desktop.state`: a quiet 'Starting…', or why it could not start. */
import { Alert, Button, errorMessage, Spinner } from "@portfolio/ui";

export function StartupScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <main className="flex min-h-dvh items-center justify-center p-8">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-semibold">Portfolio</h1>
        {error ? (
          <Alert tone="error" className="mt-4 text-left">
            The editor could not start. {errorMessage(error, "Something went wrong.")}
            <div className="mt-3">
              <Button size="sm" variant="secondary" onClick={onRetry}>
                Try again
              </Button>
            </div>
          </Alert>
        ) : (
          <p role="status" className="mt-3 inline-flex items-center gap-2 text-slate-600 dark:text-slate-400">
            <Spinner className="size-4" />
            The desktop editor is starting…
          </p>
        )}
      </div>
    </main>
  );
}
