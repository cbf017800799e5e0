/**
 * The hero title with its three hidden clickable letters (spec section 2): the 'o' goes to the playlist
 * shuffler, the 'a' to the login, and the dot of the 'i' opens the widget chooser. They look like plain
 * letters but are real links/buttons, reachable by keyboard, with labels for assistive tech.
 */
import { cx, FOCUS_RING } from "@portfolio/ui";
import { Link } from "react-router-dom";

const HIDDEN =
  "rounded-[0.15em] transition-colors hover:text-indigo-500 focus-visible:text-indigo-500 dark:hover:text-indigo-300 dark:focus-visible:text-indigo-300";

export function HeroTitle({ name, onWidgetDot }: { name: string; onWidgetDot: () => void }) {
  return (
    <h1
      aria-label={`Hi, I'm ${name}. Software developer.`}
      className="text-5xl leading-[1.05] font-extrabold tracking-tight text-slate-900 sm:text-6xl lg:text-7xl dark:text-white"
    >
      <span className="block">
        H
        <span className="relative inline-block">
          i
          <button
            type="button"
            onClick={onWidgetDot}
            aria-label="Choose a Twitch widget"
            aria-haspopup="dialog"
            data-testid="hidden-i-dot"
            className={cx(
              "absolute top-[0.06em] left-1/2 size-[0.32em] -translate-x-1/2 cursor-pointer rounded-full bg-transparent transition-colors hover:bg-indigo-400/40",
              FOCUS_RING,
            )}
          />
        </span>
        , I'm {name}.
      </span>
      <span className="mt-2 block bg-gradient-to-r from-indigo-600 via-violet-600 to-fuchsia-600 bg-clip-text pb-2 text-transparent dark:from-indigo-300 dark:via-violet-300 dark:to-fuchsia-300">
        S
        <Link
          to="/playlist-shuffler"
          aria-label="Open the playlist shuffler"
          data-testid="hidden-o"
          className={cx(HIDDEN, FOCUS_RING)}
        >
          o
        </Link>
        ftw
        <Link to="/login" aria-label="Log in" data-testid="hidden-a" className={cx(HIDDEN, FOCUS_RING)}>
          a
        </Link>
        re developer
      </span>
    </h1>
  );
}
