/**
 * The Twitch authorization result (spec sections 2 and 8): loading, success (posts the payload and goes on to
 * the streaming site) and error (the message, debug info with secrets hidden, Return to Home).
 * The token never reaches the console, and it is taken out of the address bar at once.
 */
import {
  Alert,
  type ApiClient,
  ApiError,
  ApiNetworkError,
  buttonClasses,
  RouteLink,
  Spinner,
  TwitchIcon,
  useAuth,
} from "@portfolio/ui";
import { useEffect, useRef, useState } from "react";
import { SITE_SETTINGS } from "../../settings/site-settings.ts";
import { CALLBACK_MESSAGES, callbackPayload, readCallback, redactSecrets, redactUrl } from "./twitch-callback.ts";

/** How long the success message shows before the streaming site opens. */
export const REDIRECT_AFTER_MS = 1200;

type View =
  | { state: "loading" }
  | { state: "success" }
  | {
      state: "error";
      message: string;
      detail: string | null;
      help: string | null;
      debug: { url: string; hash: string; search: string };
    };

/** The owner's streaming site as the server has it now (editable in the admin panel), else the built-in one. */
async function streamingSite(api: ApiClient, fallback: string): Promise<string> {
  try {
    const url = (await api.call("profile.get", {})).streamingSiteUrl;
    return /^https?:$/.test(new URL(url).protocol) ? url : fallback;
  } catch {
    return fallback;
  }
}

export function TwitchCallback({ fallbackUrl = SITE_SETTINGS.streamingSiteUrl }: { fallbackUrl?: string }) {
  const { api } = useAuth();
  const [view, setView] = useState<View>({ state: "loading" });
  const [streamingSiteUrl, setStreamingSiteUrl] = useState(fallbackUrl);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { href, hash, search, pathname } = window.location;
    const debug = { url: redactUrl(href), hash: redactSecrets(hash), search: redactSecrets(search) };
    // Keep the token out of the history and of any later Referer.
    if (hash) window.history.replaceState(window.history.state, "", `${pathname}${search}`);
    const fail = (message: string, detail: string | null = null, help: string | null = null) =>
      setView({ state: "error", message, detail, help, debug });

    const reading = readCallback(hash, search);
    if (reading.kind === "error") {
      fail(CALLBACK_MESSAGES.authorizationError(reading.error), reading.description);
      return;
    }
    if (reading.kind === "missing") {
      fail(CALLBACK_MESSAGES.missing, null, CALLBACK_MESSAGES.missingHelp);
      return;
    }
    const payload = callbackPayload(reading, {
      now: new Date(),
      userAgent: navigator.userAgent,
      referrer: document.referrer,
    });
    let timer: number | undefined;
    const destination = streamingSite(api, fallbackUrl);
    api.call("twitch.callback", payload).then(
      async () => {
        const url = await destination;
        setStreamingSiteUrl(url);
        setView({ state: "success" });
        timer = window.setTimeout(() => window.location.assign(url), REDIRECT_AFTER_MS);
      },
      (error: unknown) => {
        if (error instanceof ApiError) fail(CALLBACK_MESSAGES.failed, error.serverMessage ?? null);
        else if (error instanceof ApiNetworkError)
          fail(CALLBACK_MESSAGES.unexpected, "The server could not be reached.");
        else fail(CALLBACK_MESSAGES.unexpected);
      },
    );
    return () => window.clearTimeout(timer);
  }, [api, fallbackUrl]);

  return (
    <div
      className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900"
      data-testid="twitch-callback"
      data-state={view.state}
    >
      <span className="mx-auto mb-4 flex size-14 items-center justify-center rounded-2xl bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300">
        <TwitchIcon size={28} />
      </span>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Twitch Authorization</h1>
      {view.state === "loading" ? (
        <p className="mt-4 flex items-center justify-center gap-2 text-slate-600 dark:text-slate-400" role="status">
          <Spinner />
          Processing the Twitch authorization…
        </p>
      ) : null}
      {view.state === "success" ? (
        <div className="mt-6 text-left">
          <Alert tone="success" testId="twitch-callback-success">
            {CALLBACK_MESSAGES.success}
          </Alert>
          <p className="mt-3 text-center text-sm text-slate-600 dark:text-slate-400">
            Not moving?{" "}
            <a href={streamingSiteUrl} className="font-medium text-indigo-700 underline dark:text-indigo-300">
              Go to the stream
            </a>
          </p>
        </div>
      ) : null}
      {view.state === "error" ? (
        <div className="mt-6 text-left">
          <Alert tone="error" testId="twitch-callback-error">
            <p>{view.message}</p>
            {view.detail ? <p className="mt-1 font-normal">{view.detail}</p> : null}
          </Alert>
          {view.help ? (
            <p
              className="mt-3 text-sm break-words text-slate-700 dark:text-slate-300"
              data-testid="twitch-callback-help"
            >
              {view.help}
            </p>
          ) : null}
          <details className="mt-4 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700" open>
            <summary className="cursor-pointer font-medium text-slate-800 dark:text-slate-200">Debug info</summary>
            <dl
              className="mt-2 space-y-1 font-mono text-xs break-all text-slate-700 dark:text-slate-300"
              data-testid="twitch-callback-debug"
            >
              <div>
                <dt className="inline font-semibold">URL: </dt>
                <dd className="inline">{view.debug.url}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Hash: </dt>
                <dd className="inline">{view.debug.hash || "(none)"}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Search: </dt>
                <dd className="inline">{view.debug.search || "(none)"}</dd>
              </div>
            </dl>
          </details>
          <div className="mt-6 text-center">
            <RouteLink to="/" className={buttonClasses("primary", "md")}>
              Return to Home
            </RouteLink>
          </div>
        </div>
      ) : null}
    </div>
  );
}
