/**
 * 'Restore version N?': what will change, field by field (now vs. that version), then Restore or Cancel.
 * A thing whose restore changes more than its own fields (a role's members) adds the server's preview of
 * that below the table; a preview that says the server would refuse keeps Restore off.
 */
import type { HistoryItem } from "@portfolio/core/domain";
import { useEffect, useRef, useState } from "react";
import { Button, buttonClasses } from "../components/Button.tsx";
import { Modal } from "../components/Modal.tsx";
import { type FieldLabels, fieldChanges } from "./history-view.ts";

/** What else a restore would change, in words; `refused` when the server would refuse the restore. */
export interface RestorePreview {
  text: string;
  refused: boolean;
}

type PreviewState = { state: "none" } | { state: "checking" } | ({ state: "ready" } & RestorePreview);

export const PREVIEW_CHECKING = "Checking what else this restore would change…";

/** Asks for the preview of the chosen version, dropping the answer for a version no longer chosen. */
function useRestorePreview<F>(
  item: HistoryItem<F> | null,
  preview: ((item: HistoryItem<F>) => Promise<RestorePreview>) | undefined,
): PreviewState {
  const [result, setResult] = useState<PreviewState>({ state: "none" });
  const previewRef = useRef(preview);
  previewRef.current = preview;
  useEffect(() => {
    const ask = previewRef.current;
    if (!item || !ask) {
      setResult({ state: "none" });
      return;
    }
    let current = true;
    setResult({ state: "checking" });
    void ask(item).then((answer) => current && setResult({ state: "ready", ...answer }));
    return () => {
      current = false;
    };
  }, [item]);
  return result;
}

export function RestoreVersionDialog<F extends object>({
  item,
  current,
  labels,
  noun,
  note,
  preview,
  onConfirm,
  onCancel,
}: {
  item: HistoryItem<F> | null;
  current: F;
  labels: FieldLabels<F>;
  noun: string;
  note?: string;
  /** The server's preview of what else the restore changes; resolves with words, never rejects. */
  preview?: (item: HistoryItem<F>) => Promise<RestorePreview>;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const changes = item ? fieldChanges(current, item.fields, labels) : [];
  const previewed = useRestorePreview(item, preview);
  const waiting = previewed.state === "checking";
  const refused = previewed.state === "ready" && previewed.refused;
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={item !== null}
      onClose={busy ? () => {} : onCancel}
      title={item ? `Restore version ${item.version}?` : "Restore version"}
      description={`The ${noun} gets this version's fields back as a new version; its history keeps every version.`}
      initialFocus={cancel}
      testId="restore-version-dialog"
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl"
    >
      <table className="w-full table-fixed border-collapse text-left text-sm">
        <caption className="mb-2 text-left font-medium text-slate-900 dark:text-white">
          {changes.length === 1 ? "This field will change:" : `These ${changes.length} fields will change:`}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
            <th scope="col" className="w-1/4 py-1.5 pr-2 font-medium">
              Field
            </th>
            <th scope="col" className="py-1.5 pr-2 font-medium">
              Now
            </th>
            <th scope="col" className="py-1.5 font-medium">
              After restoring
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr
              key={change.key}
              className="border-b border-slate-100 align-top dark:border-slate-800"
              data-field={change.key}
            >
              <th scope="row" className="py-1.5 pr-2 font-medium text-slate-700 dark:text-slate-300">
                {change.label}
              </th>
              <td className="py-1.5 pr-2 break-words text-slate-600 line-through decoration-slate-400 dark:text-slate-400">
                {change.before}
              </td>
              <td className="py-1.5 break-words">
                <mark className="rounded bg-amber-100 px-1 text-amber-950 dark:bg-amber-900/70 dark:text-amber-50">
                  {change.after}
                </mark>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {previewed.state === "none" ? null : (
        <p
          data-testid="restore-preview"
          data-state={waiting ? "checking" : refused ? "refused" : "ready"}
          aria-live="polite"
          className={
            refused
              ? "mt-3 text-sm font-medium text-red-700 dark:text-red-300"
              : "mt-3 text-sm text-slate-700 dark:text-slate-300"
          }
        >
          {waiting ? PREVIEW_CHECKING : previewed.text}
        </p>
      )}
      {note ? <p className="mt-3 text-sm font-medium text-amber-800 dark:text-amber-200">{note}</p> : null}
      <div className="mt-4 flex justify-end gap-2">
        <button ref={cancel} type="button" className={buttonClasses("secondary")} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <Button onClick={confirm} loading={busy} disabled={waiting || refused}>
          Restore version {item?.version ?? ""}
        </Button>
      </div>
    </Modal>
  );
}
