import { type ReactNode, type RefObject, useId, useLayoutEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { FOCUS_RING } from "./Button.tsx";
import { cx } from "./cx.ts";
import { focusableIn, wrapFocusIndex } from "./focus-trap.ts";
import { isTopModal, pushModal, removeModal } from "./modal-stack.ts";
import { CloseIcon } from "./secondary-icons.tsx";

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  description?: ReactNode;
  /** Element to focus when the dialog opens; defaults to the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  testId?: string;
}

/**
 * A modal dialog: rendered into <body>, traps Tab inside, closes on Escape or a click on the backdrop,
 * makes the rest of the page inert, and gives focus back to whatever opened it.
 */
export function Modal({ open, title, onClose, children, description, initialFocus, className, testId }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  /** Who had the focus when the dialog opened: kept across re-runs of the effect below while it stays open. */
  const openerRef = useRef<HTMLElement | null>(null);

  // Before the dialog is painted: once it shows, the focus is in it and Escape closes it (a key pressed the
  // moment it appears, on a slow machine, would otherwise reach the page under it).
  useLayoutEffect(() => {
    if (!open) {
      openerRef.current = null;
      return;
    }
    const root = panel.current;
    if (!root) return;
    const active = document.activeElement;
    // A re-run while open finds the focus inside the dialog: the opener is still the one found first.
    if (active instanceof HTMLElement && !root.contains(active)) openerRef.current ??= active;
    const opener = openerRef.current;
    pushModal(root);
    const first = initialFocus?.current ?? focusableIn(root)[0] ?? root;
    first.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog opened over this one handles the key.
      if (!isTopModal(root)) return;
      if (event.key === "Escape") {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusableIn(root);
      const current = items.indexOf(document.activeElement as HTMLElement);
      const next = wrapFocusIndex(items.length, current, event.shiftKey);
      if (items.length === 0) event.preventDefault();
      else if (next !== -1) {
        event.preventDefault();
        items[next]?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      removeModal(root);
      // The opener may be gone (a dialog inside another dialog that closed with it).
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocus]);

  if (!open || typeof document === "undefined") return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center" data-testid={testId}>
      <div
        className="absolute inset-0 bg-slate-950/60 backdrop-blur-sm motion-safe:animate-[fade-in_150ms_ease-out]"
        aria-hidden="true"
        onClick={onClose}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cx(
          "relative w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-2xl outline-none motion-safe:animate-[pop-in_160ms_ease-out] dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
          className,
        )}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className={cx(
              "-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100",
              FOCUS_RING,
            )}
          >
            <CloseIcon size={18} />
          </button>
        </div>
        {description ? (
          <p id={descriptionId} className="mb-4 text-sm text-slate-600 dark:text-slate-300">
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </div>,
    document.body,
  );
}
