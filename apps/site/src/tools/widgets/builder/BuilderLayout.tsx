/**
 * A widget's URL builder: settings on one side, a live preview on a checkerboard (the widget is transparent)
 * on the other, and the finished URL to copy into OBS.
 */
import { buttonClasses, CheckIcon, CopyIcon, ExternalLinkIcon, useDomId, useHydrated } from "@portfolio/ui";
import { type ReactNode, Suspense } from "react";
import { urlFieldClasses } from "../../common/url-field.ts";
import { useCopy } from "../../common/use-copy.ts";
import { WIDGET_INFO, type WidgetKind } from "../widget-kinds.ts";
import { widgetUrl } from "./widget-url.ts";

export interface BuilderLayoutProps {
  kind: WidgetKind;
  form: ReactNode;
  /** The widget drawn with these settings: a lazily loaded component, shown inside a Suspense boundary. */
  preview: ReactNode;
  /** The finished URL's settings, or null with the reason when they are not complete yet. */
  params: URLSearchParams | null;
  missing?: string;
  warning?: string;
}

export function BuilderLayout({ kind, form, preview, params, missing, warning }: BuilderLayoutProps) {
  const info = WIDGET_INFO[kind];
  // The site's address is known once the page runs: the prerendered builder and its hydration show no URL.
  const hydrated = useHydrated();
  const url = params && hydrated ? widgetUrl(window.location.origin, kind, params) : null;
  const urlId = useDomId();
  const { copied, copy } = useCopy();
  return (
    <div data-testid="widget-builder" data-widget={kind}>
      <header className="mb-8 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{info.name}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-slate-600 dark:text-slate-400">{info.description}</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        {/* Settings apply as they change: nothing to submit, so a labelled region, not a form. */}
        <section
          aria-label="Widget settings"
          className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Settings</h2>
          {form}
        </section>
        <section aria-label="Live preview" className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Live preview</h2>
          <div
            className="widget-checkerboard relative h-96 overflow-hidden rounded-2xl border border-slate-200 dark:border-slate-700"
            data-testid="widget-preview"
          >
            {/* The preview widget is a lazy chunk, so the builder hydrates without waiting for it: the prerendered
                preview stays on screen meanwhile (React hydrates it once its chunk is in), in a box of fixed size. */}
            <Suspense fallback={null}>{preview}</Suspense>
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            The checkerboard stands for your stream: the widget's own background is transparent.
          </p>
        </section>
      </div>
      <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <label htmlFor={urlId} className="text-lg font-semibold text-slate-900 dark:text-white">
          Your widget URL
        </label>
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          <input
            id={urlId}
            type="url"
            readOnly
            value={url ?? ""}
            aria-describedby={!url && missing ? `${urlId}-missing` : undefined}
            onFocus={(event) => event.currentTarget.select()}
            className={urlFieldClasses("md")}
            data-testid="widget-url"
          />
          <button
            type="button"
            disabled={!url}
            onClick={() => url && copy(url)}
            className={buttonClasses("primary", "md")}
            aria-live="polite"
          >
            {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
            {copied ? "Copied!" : "Copy URL"}
          </button>
          {url ? (
            <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClasses("secondary", "md")}>
              <ExternalLinkIcon size={16} />
              Open
              <span className="sr-only">the widget in a new tab</span>
            </a>
          ) : null}
        </div>
        {!url && missing ? (
          <p id={`${urlId}-missing`} className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {missing}
          </p>
        ) : null}
        {warning ? <p className="mt-2 text-sm font-medium text-amber-800 dark:text-amber-300">{warning}</p> : null}
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          In OBS: <strong>Sources → + → Browser</strong>, paste the URL, and set the size to about {info.obsSize.width}{" "}
          × {info.obsSize.height}.
          {info.demo && !url?.includes("demo=1") ? (
            <>
              {" "}
              Add <code className="font-mono">demo=1</code> to the URL to see {info.demo}.
            </>
          ) : null}
        </p>
      </section>
    </div>
  );
}
