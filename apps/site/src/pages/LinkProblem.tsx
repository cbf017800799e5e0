/**
 * What the token pages show for a link that cannot work: missing, unknown, already used or
 * expired. It says so in the product's words and offers the way to a new link right there: the
 * forgot-password call, which mails a reset link to an active account and a new activation link to one
 * not activated yet (the server answers the same either way, so it reveals no account).
 */
import { MESSAGES } from "@portfolio/core/domain";
import { Alert, ApiError, buttonClasses, RouteLink } from "@portfolio/ui";
import { LINK_COPY, type LinkKind } from "./link-copy.ts";
import { NewLinkForm } from "./NewLinkForm.tsx";

/** The server's answers for an unknown, used or expired token (not a password rule or a network failure). */
export function isLinkProblem(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.serverMessage === MESSAGES.tokenInvalid || error.serverMessage === MESSAGES.tokenExpired)
  );
}

export function LinkProblem({ kind, message }: { kind: LinkKind; message: string }) {
  return (
    <div className="space-y-4" data-testid="link-problem" data-kind={kind}>
      <Alert tone="error" testId="form-message">
        {message}
      </Alert>
      <p className="text-sm text-slate-600 dark:text-slate-400">{LINK_COPY[kind].explanation}</p>
      <NewLinkForm kind={kind} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <RouteLink to="/login" className={buttonClasses("secondary", "lg", "w-full")}>
          Go to login
        </RouteLink>
        {kind === "activation" ? (
          <RouteLink to="/login?mode=signup" className={buttonClasses("secondary", "lg", "w-full")}>
            Sign up again
          </RouteLink>
        ) : null}
      </div>
    </div>
  );
}
