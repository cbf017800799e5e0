/**
 * The hero title with its three hidden clickable letters (spec section 2): the 'o' goes to the playlist
 * shuffler, the 'a' to the login, and the dot of the 'i' opens the widget chooser. They look like plain
 * letters but are real links/buttons, reachable by keyboard, with labels for assistive tech.
 *
 * The heading holds text only, so its name is its words ('Hi, I'm … Software developer.') without
 * the controls' labels mixed in, and without an aria-label (HTML does not name headings that way). The
 * controls sit in a transparent copy of the same text laid exactly over the heading: the same classes
 * and the same letter boxes, so each control covers its letter at every width.
 */
import { cx, FOCUS_RING, RouteLink } from "@portfolio/ui";
import type { ReactNode } from "react";

const TITLE = "text-5xl leading-[1.05] font-extrabold tracking-tight sm:text-6xl lg:text-7xl";
const SECOND_LINE = "mt-2 block pb-2";
/** The second line's colour: the `hero-gradient` class of home.css. */
const GRADIENT = "hero-gradient";
/** The look of a hidden letter: the `hidden-letter` class of home.css. */
const HIDDEN = "hidden-letter";

interface Letters {
  /** The 'i' whose dot opens the widget chooser. */
  i: ReactNode;
  o: ReactNode;
  a: ReactNode;
}

/** The title's two lines; `letters` decides what the three special letters are (text or controls). */
function Lines({
  name,
  letters,
  text,
  secondLine,
}: {
  name: string;
  letters: Letters;
  text: (s: string) => ReactNode;
  secondLine: string;
}) {
  return (
    <>
      <span className="block">
        {text("H")}
        <span className="relative inline-block">{letters.i}</span>
        {text(`, I'm ${name}.`)}
      </span>
      <span className={secondLine}>
        {text("S")}
        {letters.o}
        {text("ftw")}
        {letters.a}
        {text("re developer")}
      </span>
    </>
  );
}

export function HeroTitle({ name, onWidgetDot }: { name: string; onWidgetDot: () => void }) {
  const plain = (s: string): ReactNode => s;
  // In the overlay the ordinary letters only hold the place of those in the heading.
  const placeholder = (s: string) => <span aria-hidden="true">{s}</span>;
  return (
    <div className="relative">
      <h1 className={cx(TITLE, "text-slate-900 dark:text-white")}>
        <span className="sr-only">{`Hi, I'm ${name}. Software developer.`}</span>
        <span aria-hidden="true" className="block">
          <Lines name={name} text={plain} secondLine={cx(SECOND_LINE, GRADIENT)} letters={{ i: "i", o: "o", a: "a" }} />
        </span>
      </h1>
      <div className={cx(TITLE, "pointer-events-none absolute inset-0 text-transparent")} data-testid="hero-letters">
        <Lines
          name={name}
          text={placeholder}
          secondLine={SECOND_LINE}
          letters={{
            i: (
              <>
                <span aria-hidden="true">i</span>
                <button
                  type="button"
                  onClick={onWidgetDot}
                  aria-label="Choose a Twitch widget"
                  aria-haspopup="dialog"
                  data-testid="hidden-i-dot"
                  className={cx(
                    "pointer-events-auto absolute top-[0.06em] left-1/2 size-[0.32em] -translate-x-1/2 cursor-pointer rounded-full bg-transparent transition-colors hover:bg-indigo-400/40",
                    FOCUS_RING,
                  )}
                />
              </>
            ),
            o: (
              <RouteLink
                to="/playlist-shuffler"
                aria-label="Open the playlist shuffler"
                data-testid="hidden-o"
                className={cx(HIDDEN, FOCUS_RING)}
              >
                o
              </RouteLink>
            ),
            a: (
              <RouteLink to="/login" aria-label="Log in" data-testid="hidden-a" className={cx(HIDDEN, FOCUS_RING)}>
                a
              </RouteLink>
            ),
          }}
        />
      </div>
    </div>
  );
}
