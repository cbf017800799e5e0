/**
 * Under the form (every control off) where this site runs no shuffler: says so, instead of a 'try again
 * later' that would never come true, and offers the ways on a visitor still has.
 */
import { YOUTUBE_MESSAGES } from "@portfolio/core/domain";
import { Alert, cx, FOCUS_RING, RouteLink } from "@portfolio/ui";

const LINK = "font-semibold underline underline-offset-2 hover:no-underline";

export function NotSetUp() {
  return (
    <Alert tone="info" testId="shuffler-not-set-up">
      <p>{YOUTUBE_MESSAGES.notSetUp}</p>
      <p className="mt-1 font-normal">
        You can still shuffle a playlist in{" "}
        <a className={cx(LINK, FOCUS_RING)} href="https://www.youtube.com/" target="_blank" rel="noopener noreferrer">
          YouTube itself
        </a>
        , or{" "}
        <RouteLink className={cx(LINK, FOCUS_RING)} to="/">
          browse the projects
        </RouteLink>
        .
      </p>
    </Alert>
  );
}
