/**
 * A download of the server's projects that is not finished: how far it has come, as words and a
 * bar, with Cancel while it runs and 'Resume download' once the owner stopped it. Shown on the connect
 * screen during the first download and in the status area until the download ends.
 */
import { Button } from "@portfolio/ui";
import type { DesktopState } from "../shared/desktop-operations.ts";
import { downloadPercent, downloadText } from "./status-text.ts";

export function DownloadProgress({
  download,
  onCancel,
  onResume,
  compact = false,
}: {
  download: NonNullable<DesktopState["download"]>;
  onCancel: () => void;
  onResume?: (() => void) | undefined;
  /** In the status area's line rather than a block of its own. */
  compact?: boolean;
}) {
  const text = downloadText(download);
  return (
    <div className={compact ? "flex items-center gap-3" : "space-y-2"} data-testid="download">
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300" data-testid="download-text">
        {text}
      </p>
      <div
        role="progressbar"
        aria-label="Download progress"
        aria-valuemin={0}
        aria-valuemax={download.total}
        aria-valuenow={download.received}
        aria-valuetext={text}
        className={
          compact
            ? "h-1.5 w-24 rounded-full bg-slate-200 dark:bg-slate-700"
            : "h-2 rounded-full bg-slate-200 dark:bg-slate-700"
        }
      >
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400"
          style={{ width: `${downloadPercent(download)}%` }}
        />
      </div>
      {download.paused ? (
        onResume ? (
          <Button size="sm" onClick={onResume}>
            Resume download
          </Button>
        ) : null
      ) : (
        <Button size="sm" variant="secondary" onClick={onCancel}>
          Cancel download
        </Button>
      )}
    </div>
  );
}
