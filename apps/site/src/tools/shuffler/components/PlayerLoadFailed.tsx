/**
 * In place of the player when the YouTube script did not load: the message in an error's colours on its own
 * opaque background (AA contrast in both themes, whatever the page behind), and 'Try again'.
 */
import { Button } from "@portfolio/ui";
import { PLAYER_LOAD_FAILED } from "../shuffler-messages.ts";

export function PlayerLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      className="absolute inset-0 flex flex-col items-center justify-center gap-4 border border-red-300 bg-red-50 p-6 text-center dark:border-red-800 dark:bg-red-950"
      data-testid="player-load-failed"
    >
      <p role="alert" className="max-w-md text-sm font-medium text-red-800 dark:text-red-100">
        {PLAYER_LOAD_FAILED}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
