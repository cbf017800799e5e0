/**
 * "I'm a 20.01234567 year-old developer": the age figure (8 decimals, refreshed every 50 ms; confetti on
 * the birthday, a temporary message on other days) and the dash of 'year-old' that fetches a greeting.
 *
 * The refresh writes the figure's text itself instead of setting React state: twenty renders and commits a
 * second, the first of them while the page still hydrates, were main-thread work for one text node
 * (docs/performance.md, "The public pages").
 */
import { AGE_REFRESH_MS, formatAge, HOME_MESSAGES, isBirthday } from "@portfolio/core/domain";
import { cx, FOCUS_RING, fireConfetti, useAuth } from "@portfolio/ui";
import { useEffect, useRef, useState } from "react";

export const AGE_MESSAGE_MS = 3000;

export function AgeLine({ birthDate, builtAt }: { birthDate: Date; builtAt: string }) {
  const { api } = useAuth();
  const figure = useRef<HTMLSpanElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const messageTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const refresh = () => {
      const text = figure.current?.firstChild as Text | null | undefined;
      if (text) text.data = formatAge(birthDate, new Date());
    };
    refresh();
    const timer = setInterval(refresh, AGE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [birthDate]);
  useEffect(() => () => clearTimeout(messageTimer.current), []);

  const onAgeClick = () => {
    if (isBirthday(birthDate, new Date())) {
      void fireConfetti();
      return;
    }
    setMessage(HOME_MESSAGES.ageOtherDay);
    clearTimeout(messageTimer.current);
    messageTimer.current = setTimeout(() => setMessage(null), AGE_MESSAGE_MS);
  };

  const onDashClick = async () => {
    try {
      const answer = await api.call("hello", {});
      window.alert(answer.message);
    } catch {
      window.alert("The server did not answer. Please try again later.");
    }
  };

  return (
    <div className="mt-6">
      <p className="text-xl leading-relaxed text-slate-700 sm:text-2xl dark:text-slate-300">
        I'm a{" "}
        <span className="whitespace-nowrap">
          <button
            type="button"
            onClick={onAgeClick}
            data-testid="age-figure"
            title="Click me"
            className={cx(
              "cursor-pointer rounded-md px-1 font-mono font-semibold text-indigo-700 tabular-nums transition-colors hover:bg-indigo-50 dark:text-indigo-300 dark:hover:bg-indigo-950",
              FOCUS_RING,
            )}
          >
            {/* What the page was built with (so hydration finds it); the effect above keeps it current. */}
            <span ref={figure}>{formatAge(birthDate, new Date(builtAt))}</span>
          </button>{" "}
          year
          <button
            type="button"
            onClick={onDashClick}
            aria-label="Say hello"
            data-testid="year-old-dash"
            className={cx("cursor-pointer rounded-sm hover:text-indigo-600 dark:hover:text-indigo-300", FOCUS_RING)}
          >
            -
          </button>
          old
        </span>{" "}
        developer.
      </p>
      <p
        role="status"
        data-testid="age-message"
        className="mt-2 min-h-6 text-sm font-medium text-fuchsia-700 dark:text-fuchsia-300"
      >
        {message}
      </p>
    </div>
  );
}
