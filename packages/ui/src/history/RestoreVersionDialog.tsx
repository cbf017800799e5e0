/** 'Restore version N?': what will change, field by field (now vs. that version), then Restore or Cancel. */
import type { HistoryItem } from "@portfolio/core/domain";
import { useRef, useState } from "react";
import { Button, buttonClasses } from "../components/Button.tsx";
import { Modal } from "../components/Modal.tsx";
import { type FieldLabels, fieldChanges } from "./history-view.ts";

export function RestoreVersionDialog<F extends object>({
  item,
  current,
  labels,
  noun,
  note,
  onConfirm,
  onCancel,
}: {
  item: HistoryItem<F> | null;
  current: F;
  labels: FieldLabels<F>;
  noun: string;
  note?: string;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const changes = item ? fieldChanges(current, item.fields, labels) : [];
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
      {note ? <p className="mt-3 text-sm font-medium text-amber-800 dark:text-amber-200">{note}</p> : null}
      <div className="mt-4 flex justify-end gap-2">
        <button ref={cancel} type="button" className={buttonClasses("secondary")} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <Button onClick={confirm} loading={busy}>
          Restore version {item?.version ?? ""}
        </Button>
      </div>
    </Modal>
  );
}
