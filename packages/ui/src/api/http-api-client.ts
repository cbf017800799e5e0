/**
 * The site's `ApiClient`: the registry's calls over HTTP, plus a readable logged-in hint cookie so visitors
 * who never logged in make no session check (no 401 in their console).
 */
import type { SecondFactorChallenge, SessionUser } from "@portfolio/core/domain";
import { TransportApiClient } from "./api-client.ts";
import type { HttpTransportOptions } from "@portfolio/core/operations/client/http";
import { lazyTransport } from "./lazy-transport.ts";
import { expiredCookie, hasCookie, SESSION_HINT_COOKIE, sessionHintCookie, USER_EMAIL_COOKIE } from "./session-hint.ts";

export interface HttpApiClientOptions extends HttpTransportOptions {
  /**
   * Keep a readable logged-in hint cookie and skip the session check when it is absent. Only works when the
   * API shares the page's origin; off otherwise.
   */
  sessionHint?: boolean;
}

export class HttpApiClient extends TransportApiClient {
  private readonly sessionHint: boolean;

  constructor(options: HttpApiClientOptions = {}) {
    // The transport and the registry's route table are a chunk of their own, loaded by the first call: a
    // page hydrates without them (the home page's live list is asked for after it is interactive).
    super(lazyTransport(() => import("@portfolio/core/operations/client/http").then((module) => module.createHttpTransport(options))));
    this.sessionHint = (options.sessionHint ?? true) && !options.baseUrl && typeof document !== "undefined";
  }

  override async me(): Promise<SessionUser | null> {
    if (this.sessionHint && !hasCookie(document.cookie, SESSION_HINT_COOKIE)) return null;
    const user = await super.me();
    this.setHint(user !== null);
    return user;
  }

  override async login(username: string, password: string): Promise<SessionUser | SecondFactorChallenge> {
    const answer = await super.login(username, password);
    if (!("secondFactor" in answer)) this.setHint(true);
    return answer;
  }

  override async completeSecondFactor(
    proof: { code: string } | { recoveryCode: string } | { passkey: Record<string, unknown> },
  ): Promise<SessionUser> {
    const user = await super.completeSecondFactor(proof);
    this.setHint(true);
    return user;
  }

  override async passkeyLogin(response: Record<string, unknown>): Promise<SessionUser> {
    const user = await super.passkeyLogin(response);
    this.setHint(true);
    return user;
  }

  override async logout(): Promise<void> {
    try {
      await super.logout();
    } finally {
      this.setHint(false);
      // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie write; the Cookie Store API is not in every browser.
      if (typeof document !== "undefined") document.cookie = expiredCookie(USER_EMAIL_COOKIE);
    }
  }

  private setHint(loggedIn: boolean): void {
    if (!this.sessionHint) return;
    // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie write; the Cookie Store API is not in every browser.
    document.cookie = loggedIn ? sessionHintCookie(location.protocol === "https:") : expiredCookie(SESSION_HINT_COOKIE);
  }
}
