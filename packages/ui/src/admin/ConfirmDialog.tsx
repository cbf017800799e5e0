/** A yes/no question in the shared Modal (focus starts on Cancel, the safe choice). */
import { useRef, useState } from "react";
import { Button, buttonClasses } from "../components/Button.tsx";
import { Modal } from "../components/Modal.tsx";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The confirm button's colour: red (default) for what cannot be taken back, indigo for a mail. */
  tone?: "danger" | "primary";
  /** The safe choice, focused first and chosen by Escape. */
  cancelLabel?: string;
  onConfirm: () => Promise<void> | void;
  onCancel: () => void;
  testId?: string;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  tone = "danger",
  cancelLabel = "Cancel",
  onConfirm,
  onCancel,
  testId = "confirm-dialog",
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
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
      open={open}
      onClose={busy ? () => {} : onCancel}
      title={title}
      description={message}
      initialFocus={cancel}
      testId={testId}
    >
      <div className="flex justify-end gap-2">
        <button ref={cancel} type="button" className={buttonClasses("secondary")} onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <Button variant={tone} onClick={confirm} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
