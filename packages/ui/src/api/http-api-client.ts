/**
 * The site's `ApiClient`: the registry's calls over HTTP, plus a readable logged-in hint cookie so visitors
 * who never logged in make no session check (no 401 in their console).
 */
import type { SessionUser } from "@portfolio/core/domain";
import type { InputOf, OperationName, Operations, ResultOf } from "@portfolio/core/operations/client";
import type { HttpTransportOptions } from "@portfolio/core/operations/client/http";
import { TransportApiClient } from "./api-client.ts";
import { lazyTransport } from "./lazy-transport.ts";
import { expiredCookie, hasCookie, SESSION_HINT_COOKIE, sessionHintCookie, USER_EMAIL_COOKIE } from "./session-hint.ts";

export interface HttpApiClientOptions extends HttpTransportOptions {
  /**
   * Keep a readable logged-in hint cookie and skip the session check when it is absent. Only works when the
   * API shares the page's origin; off otherwise.
   */
  sessionHint?: boolean;
}

/** The calls whose success starts a session (unless the answer asks for a second factor first). */
const SIGNS_IN: ReadonlySet<OperationName> = new Set(["auth.login", "auth.secondFactor", "auth.passkey"]);

/**
 * Whether the hint cookie is set. Read through the Cookie Store API where there is one: reading
 * `document.cookie` first in a page is a synchronous call from Chromium's main thread to its network
 * process (up to tens of ms, during the home page's hydration: docs/performance.md "The public pages");
 * `cookieStore.get` answers without blocking. Elsewhere (no secure context, older browsers) the plain read.
 */
async function hasHintCookie(): Promise<boolean> {
  if (typeof cookieStore === "undefined") return hasCookie(document.cookie, SESSION_HINT_COOKIE);
  return Boolean((await cookieStore.get(SESSION_HINT_COOKIE))?.value);
}

export class HttpApiClient extends TransportApiClient {
  private readonly sessionHint: boolean;

  constructor(options: HttpApiClientOptions = {}) {
    // The transport and the registry's route table are a chunk of their own, loaded by the first call: a
    // page hydrates without them (the home page's live list is asked for after it is interactive).
    super(
      lazyTransport(() =>
        import("@portfolio/core/operations/client/http").then((module) => module.createHttpTransport(options)),
      ),
    );
    this.sessionHint = (options.sessionHint ?? true) && !options.baseUrl && typeof document !== "undefined";
  }

  override async me(): Promise<SessionUser | null> {
    if (this.sessionHint && !(await hasHintCookie())) return null;
    const user = await super.me();
    this.setHint(user !== null);
    return user;
  }

  override async call<K extends OperationName>(
    name: K,
    input: InputOf<Operations[K]>,
  ): Promise<ResultOf<Operations[K]>> {
    if (name === "auth.logout") {
      try {
        return await super.call(name, input);
      } finally {
        this.setHint(false);
        // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie write; the Cookie Store API is not in every browser.
        if (typeof document !== "undefined") document.cookie = expiredCookie(USER_EMAIL_COOKIE);
      }
    }
    const answer = await super.call(name, input);
    if (SIGNS_IN.has(name) && !(typeof answer === "object" && answer !== null && "secondFactor" in answer))
      this.setHint(true);
    return answer;
  }

  private setHint(loggedIn: boolean): void {
    if (!this.sessionHint) return;
    // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie write; the Cookie Store API is not in every browser.
    document.cookie = loggedIn ? sessionHintCookie(location.protocol === "https:") : expiredCookie(SESSION_HINT_COOKIE);
  }
}
