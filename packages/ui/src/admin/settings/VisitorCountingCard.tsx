/**
 * The owner's switch for visitor counting (docs/design.md section 10): it saves when pressed and then shows
 * what the server answers. Off, the site's beacons are still answered but nothing is counted.
 */
import type { AnalyticsSettings } from "@portfolio/core/domain";
import { useId, useState } from "react";
import { failureReason } from "../../api/api-client.ts";
import { useApi } from "../../auth/auth-context.tsx";
import { SwitchButton } from "../../components/SwitchButton.tsx";
import { SaveErrorBox } from "../../projects/SaveErrorBox.tsx";
import { SaveError } from "../../projects/save-error.ts";
import { useNotify } from "../feedback.tsx";
import { Card, ErrorBlock, LoadingBlock } from "../States.tsx";
import { useLoad } from "../use-load.ts";

export const VISITOR_COUNTING = {
  title: "Visitor counting",
  label: "Count visitors",
  explanation:
    "Daily totals of page views, visitors, referrers and devices for the Dashboard, counted without cookies and without keeping any address (see the site's privacy page).",
  on: "Visitors are counted.",
  off: "Visitors are no longer counted.",
  notSaved: "Visitor counting was not changed.",
} as const;

export function VisitorCountingCard() {
  const api = useApi();
  const state = useLoad(() => api.call("analytics.settings.get", {}));
  return (
    <Card title={VISITOR_COUNTING.title} testId="visitor-counting" headingLevel={3}>
      {state.error && !state.data ? (
        <ErrorBlock error={state.error} what="the visitor counting setting" onRetry={state.reload} />
      ) : null}
      {!state.data && !state.error ? <LoadingBlock label="Loading the visitor counting setting…" /> : null}
      {state.data ? <CountingSwitch settings={state.data} onSaved={state.reload} /> : null}
    </Card>
  );
}

function CountingSwitch({ settings, onSaved }: { settings: AnalyticsSettings; onSaved: () => Promise<void> }) {
  const api = useApi();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<SaveError | null>(null);
  const labelId = useId();
  const explanationId = useId();
  const on = settings.countVisitors;

  const press = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await api.call("analytics.settings.update", { countVisitors: !on });
      notify({ tone: "success", text: on ? VISITOR_COUNTING.off : VISITOR_COUNTING.on });
      await onSaved();
    } catch (failure) {
      setError(new SaveError(VISITOR_COUNTING.notSaved, failureReason(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 px-4 py-3 dark:border-slate-700">
        <div className="min-w-0">
          <p id={labelId} className="text-sm font-medium text-slate-900 dark:text-white">
            {VISITOR_COUNTING.label}
          </p>
          <p id={explanationId} className="text-sm text-slate-600 dark:text-slate-400">
            {VISITOR_COUNTING.explanation}
          </p>
        </div>
        <SwitchButton
          on={on}
          busy={busy}
          onPress={() => void press()}
          labelledBy={labelId}
          describedBy={explanationId}
          testId="visitor-counting-switch"
        />
      </div>
      <SaveErrorBox error={error} />
    </div>
  );
}
