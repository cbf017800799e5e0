/**
 * 'Show history' / 'Hide history': a History panel folded away until asked for, so a settings page or a
 * role card stays short, and its versions load only when someone wants them.
 */
import { type ReactNode, useId, useState } from "react";
import { Button } from "../components/Button.tsx";

export function HistoryDisclosure({
  label,
  testId,
  children,
}: {
  /** Names what the history is of, for a screen reader: 'Show history of the Moderator role'. */
  label?: string;
  testId?: string;
  children: () => ReactNode;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const words = shown ? "Hide history" : "Show history";
  return (
    <div>
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={shown}
        aria-controls={`${id}-history`}
        aria-label={label ? `${words} of ${label}` : undefined}
        onClick={() => setShown((open) => !open)}
        data-testid={testId}
      >
        {words}
      </Button>
      <div id={`${id}-history`} className="mt-3" hidden={!shown}>
        {shown ? children() : null}
      </div>
    </div>
  );
}
