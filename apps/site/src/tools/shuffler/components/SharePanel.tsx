/** The shareable link (playlist ids + shuffle seed) with a copy button, and the keyboard shortcuts. */
import { buttonClasses, CheckIcon, KeyboardIcon, LinkIcon } from "@portfolio/ui";
import { useId } from "react";
import { urlFieldClasses } from "../../common/url-field.ts";
import { useCopy } from "../../common/use-copy.ts";
import { SHORTCUT_HELP } from "../shortcuts.ts";

export function SharePanel({ url }: { url: string }) {
  const { copied, copy } = useCopy();
  const id = useId();
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-white">
        <LinkIcon size={16} />
        Share this exact order
      </label>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Anyone who opens this link gets the same shuffled order.
      </p>
      <div className="mt-3 flex gap-2">
        <input
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className={urlFieldClasses("sm")}
          data-testid="share-url"
        />
        <button type="button" onClick={() => copy(url)} className={buttonClasses("secondary", "sm")} aria-live="polite">
          {copied ? <CheckIcon size={16} /> : null}
          {copied ? "Copied!" : "Copy link"}
        </button>
      </div>
    </section>
  );
}

export function ShortcutHelp() {
  return (
    <section
      aria-label="Keyboard shortcuts"
      className="rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <p className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
        <KeyboardIcon size={16} />
        Keyboard shortcuts
      </p>
      <ul className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-slate-700 dark:text-slate-300">
        {SHORTCUT_HELP.map((item) => (
          <li key={item.keys} className="flex items-center gap-2">
            <kbd className="min-w-12 rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center font-mono text-xs dark:border-slate-600 dark:bg-slate-800">
              {item.keys}
            </kbd>
            {item.what}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">Your keyboard's media keys work too.</p>
    </section>
  );
}
