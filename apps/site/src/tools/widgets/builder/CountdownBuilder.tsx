/** URL builder for the countdown: to a date and time (never resets) or for a duration. */
import { TextField } from "@portfolio/ui";
import { lazy, useEffect, useId, useState } from "react";
import { formatCountdown, parseDuration } from "../countdown/countdown.ts";
import { COUNTDOWN_SIZE, type CountdownOptions, countdownOptionsToParams } from "../countdown/countdown-options.ts";
import { BuilderLayout } from "./BuilderLayout.tsx";
import { NumberField } from "./fields.tsx";

// The preview is a chunk of its own: the prerendered HTML shows it until it hydrates (BuilderLayout).
const CountdownWidget = lazy(() => import("../countdown/CountdownWidget.tsx"));

/** `YYYY-MM-DDTHH:mm` in local time, what <input type="datetime-local"> shows. */
function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

export default function CountdownBuilder({ initial }: { initial: CountdownOptions }) {
  const radioName = useId();
  const [mode, setMode] = useState<"time" | "duration">(
    initial.durationMs !== null && initial.endsAt === null ? "duration" : "time",
  );
  const [endInput, setEndInput] = useState(() => (initial.endsAt === null ? "" : toLocalInput(initial.endsAt)));
  // The default end, the next 5-minute mark a quarter of an hour from now, depends on the clock and the
  // time zone: it is filled in after the first render, so the prerendered builder and its hydration agree.
  useEffect(() => {
    if (initial.endsAt !== null) return;
    setEndInput((shown) => shown || toLocalInput(Math.ceil((Date.now() + 15 * 60_000) / 300_000) * 300_000));
  }, [initial.endsAt]);
  const [durationInput, setDurationInput] = useState(() =>
    initial.durationMs !== null ? formatCountdown(initial.durationMs) : "10:00",
  );
  const [texts, setTexts] = useState({ title: initial.title, endText: initial.endText, size: initial.size });

  const endsAt = mode === "time" && endInput ? new Date(endInput).getTime() : Number.NaN;
  const durationMs = mode === "duration" ? parseDuration(durationInput) : null;
  const valid = mode === "time" ? Number.isFinite(endsAt) : durationMs !== null && durationMs > 0;
  const options: CountdownOptions = {
    ...texts,
    endsAt: mode === "time" && valid ? endsAt : null,
    durationMs: mode === "duration" && valid ? durationMs : null,
    demo: false,
  };
  const params = valid ? countdownOptionsToParams(options) : null;

  return (
    <BuilderLayout
      kind="countdown"
      params={params}
      missing={
        mode === "time" ? "Pick the date and time to count down to." : "Enter a duration such as 10:00, 90s or 1h30m."
      }
      form={
        <>
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">Count down</legend>
            <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
              <input
                type="radio"
                name={radioName}
                checked={mode === "time"}
                onChange={() => setMode("time")}
                className="accent-indigo-600"
              />
              to a date and time (reloading the source never resets it)
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
              <input
                type="radio"
                name={radioName}
                checked={mode === "duration"}
                onChange={() => setMode("duration")}
                className="accent-indigo-600"
              />
              for a duration (starts when the source loads)
            </label>
          </fieldset>
          {mode === "time" ? (
            <TextField
              label="Ends at (your local time)"
              type="datetime-local"
              value={endInput}
              onValueChange={setEndInput}
            />
          ) : (
            <TextField
              label="Duration"
              value={durationInput}
              onValueChange={setDurationInput}
              hint="For example 10:00, 90s, 45m or 1h30m."
              aria-invalid={!valid || undefined}
            />
          )}
          <TextField
            label="Title"
            value={texts.title}
            onValueChange={(title) => setTexts((t) => ({ ...t, title }))}
            maxLength={80}
          />
          <TextField
            label="Text when it ends"
            value={texts.endText}
            onValueChange={(endText) => setTexts((t) => ({ ...t, endText }))}
            maxLength={80}
          />
          <NumberField
            label="Digit size"
            suffix="px"
            value={texts.size}
            onChange={(size) => setTexts((t) => ({ ...t, size }))}
            {...COUNTDOWN_SIZE}
          />
        </>
      }
      preview={
        <CountdownWidget
          key={`${options.endsAt}-${options.durationMs}`}
          options={
            valid
              ? { ...options, size: Math.min(options.size, 96) }
              : { ...options, demo: true, size: Math.min(options.size, 96) }
          }
          preview
        />
      }
    />
  );
}
