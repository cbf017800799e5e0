/** The form: one playlist URL, or several shuffled together into one queue. */
import { Alert, Button, cx, FOCUS_RING, PlusIcon, TextField, TrashIcon } from "@portfolio/ui";
import { type FormEvent, useId } from "react";
import { MAX_PLAYLISTS } from "../playlist-input.ts";
import type { Availability } from "../use-shuffler.ts";

export interface PlaylistFormProps {
  inputs: string[];
  onInputsChange: (inputs: string[]) => void;
  onShuffle: () => void;
  availability: Availability;
  loading: boolean;
  error: { message: string; index: number | null } | null;
}

export function PlaylistForm({ inputs, onInputsChange, onShuffle, availability, loading, error }: PlaylistFormProps) {
  const errorId = useId();
  // Down for a while or not set up at all, the whole form is off (spec: a failed check disables the tool).
  const unavailable = availability === "unavailable" || availability === "notSetUp";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!unavailable) onShuffle();
  };
  const setAt = (index: number, value: string) => onInputsChange(inputs.map((v, i) => (i === index ? value : v)));
  const removeAt = (index: number) => onInputsChange(inputs.filter((_, i) => i !== index));

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Shuffle a playlist"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <fieldset disabled={unavailable} className="min-w-0 disabled:opacity-60">
        {/* A fieldset names its group first (WCAG H71); the form's own label already says it on screen. */}
        <legend className="sr-only">Playlists to shuffle</legend>
        <div className="space-y-4">
          {inputs.map((value, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: inputs have no identity beyond their position.
            <div key={index} className="flex items-end gap-2">
              <TextField
                className="flex-1"
                label={index === 0 ? "YouTube playlist URL" : `Playlist URL ${index + 1}`}
                value={value}
                onValueChange={(next) => setAt(index, next)}
                placeholder="https://www.youtube.com/playlist?list=PL…"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                aria-invalid={error?.index === index || undefined}
                aria-describedby={error?.index === index ? errorId : undefined}
                data-testid={`playlist-url-${index}`}
              />
              {index > 0 ? (
                <button
                  type="button"
                  onClick={() => removeAt(index)}
                  aria-label={`Remove playlist URL ${index + 1}`}
                  className={cx(
                    "mb-0.5 flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-red-600 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-red-400",
                    FOCUS_RING,
                  )}
                >
                  <TrashIcon size={18} />
                </button>
              ) : null}
            </div>
          ))}
        </div>
        {inputs.length < MAX_PLAYLISTS ? (
          <button
            type="button"
            onClick={() => onInputsChange([...inputs, ""])}
            className={cx(
              "mt-3 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-indigo-700 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200",
              FOCUS_RING,
            )}
          >
            <PlusIcon size={16} />
            Add another playlist to shuffle together
          </button>
        ) : null}
        {error ? (
          <div id={errorId} className="mt-4">
            <Alert tone="error" testId="shuffler-error">
              {error.message}
            </Alert>
          </div>
        ) : null}
      </fieldset>
      <Button type="submit" size="lg" className="mt-6 w-full" loading={loading} disabled={unavailable}>
        {availability === "notSetUp" ? "Not Set Up" : unavailable ? "API Unavailable" : "Shuffle"}
      </Button>
    </form>
  );
}
