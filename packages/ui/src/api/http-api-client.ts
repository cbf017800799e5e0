import type {
  AdminUser,
  AuditLogAnswer,
  AuditLogQuery,
  CatOfTheDay,
  DashboardStats,
  PlaylistAnswer,
  Project,
  ProjectsAnswer,
  RolesAnswer,
  RoleUpdateAnswer,
  SessionUser,
  SessionView,
  SiteProfile,
  TwitchCallbackInput,
  TwitchStatus,
} from "@portfolio/core/domain";
import {
  type ApiClient,
  ApiError,
  ApiNetworkError,
  type MessageAnswer,
  type ProjectBody,
  type SignupInput,
  type UserUpdateBody,
} from "./api-client.ts";
import { expiredCookie, hasCookie, SESSION_HINT_COOKIE, sessionHintCookie, USER_EMAIL_COOKIE } from "./session-hint.ts";

export interface HttpApiClientOptions {
  /** Prefix for every call, e.g. `https://api.example.com`; '' (default) means the page's own origin. */
  baseUrl?: string;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /**
   * Keep a readable logged-in hint cookie and skip the session check when it is absent (no 401 in the
   * console for visitors). Only works when the API shares the page's origin; off otherwise.
   */
  sessionHint?: boolean;
}

type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** `ApiClient` over the HTTP API: JSON in and out, cookies included, `{error}` answers become `ApiError`. */
export class HttpApiClient implements ApiClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly sessionHint: boolean;

  constructor(options: HttpApiClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "");
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.sessionHint = (options.sessionHint ?? true) && this.baseUrl === "" && typeof document !== "undefined";
  }

  hello(): Promise<MessageAnswer> {
    return this.call<MessageAnswer>("GET", "/api/hello");
  }

  async me(): Promise<SessionUser | null> {
    if (this.sessionHint && !hasCookie(document.cookie, SESSION_HINT_COOKIE)) return null;
    try {
      const user = await this.call<SessionUser>("GET", "/api/me");
      this.setHint(true);
      return user;
    } catch (error) {
      if (error instanceof ApiError) {
        this.setHint(false);
        return null;
      }
      throw error;
    }
  }

  async login(username: string, password: string): Promise<SessionUser> {
    const user = await this.call<SessionUser>("POST", "/api/login", { username, password });
    this.setHint(true);
    return user;
  }

  async logout(): Promise<void> {
    try {
      await this.call<void>("POST", "/api/logout");
    } finally {
      this.setHint(false);
      // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie write; the Cookie Store API is not in every browser.
      if (typeof document !== "undefined") document.cookie = expiredCookie(USER_EMAIL_COOKIE);
    }
  }

  signup(input: SignupInput): Promise<MessageAnswer> {
    return this.call<MessageAnswer>("POST", "/api/signup", input);
  }

  activateAccount(token: string): Promise<MessageAnswer> {
    return this.call<MessageAnswer>("POST", "/api/activate-account", { token });
  }

  forgotPassword(email: string): Promise<MessageAnswer> {
    return this.call<MessageAnswer>("POST", "/api/forgot-password", { email });
  }

  resetPassword(token: string, newPassword: string): Promise<MessageAnswer> {
    return this.call<MessageAnswer>("POST", "/api/reset-password", { token, newPassword });
  }

  getProjects(): Promise<ProjectsAnswer> {
    return this.call<ProjectsAnswer>("GET", "/api/projects");
  }

  createProject(body: ProjectBody): Promise<Project> {
    return this.call<Project>("POST", "/api/projects", body);
  }

  updateProject(id: string, body: Partial<ProjectBody>): Promise<Project> {
    return this.call<Project>("PATCH", `/api/projects/${encodeURIComponent(id)}`, body);
  }

  async deleteProject(id: string): Promise<void> {
    await this.call<void>("DELETE", `/api/projects/${encodeURIComponent(id)}`);
  }

  getRoles(): Promise<RolesAnswer> {
    return this.call<RolesAnswer>("GET", "/api/admin/roles");
  }

  updateRolePermissions(roleKey: string, permissions: string[]): Promise<RoleUpdateAnswer> {
    return this.call<RoleUpdateAnswer>("PATCH", `/api/admin/roles/${encodeURIComponent(roleKey)}`, { permissions });
  }

  async getUsers(): Promise<AdminUser[]> {
    return (await this.call<{ users: AdminUser[] }>("GET", "/api/admin/users")).users;
  }

  updateUser(id: string, body: UserUpdateBody): Promise<AdminUser> {
    return this.call<AdminUser>("PATCH", `/api/admin/users/${encodeURIComponent(id)}`, body);
  }

  async deleteUser(id: string): Promise<void> {
    await this.call<void>("DELETE", `/api/admin/users/${encodeURIComponent(id)}`);
  }

  resetUserPassword(id: string): Promise<MessageAnswer> {
    return this.call<MessageAnswer>("POST", `/api/admin/users/${encodeURIComponent(id)}/reset-password`);
  }

  getDashboard(): Promise<DashboardStats> {
    return this.call<DashboardStats>("GET", "/api/admin/dashboard");
  }

  getAuditLog(query: AuditLogQuery = {}): Promise<AuditLogAnswer> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query))
      if (value !== undefined && value !== "") params.set(key, String(value));
    const search = params.toString();
    return this.call<AuditLogAnswer>("GET", `/api/admin/audit${search ? `?${search}` : ""}`);
  }

  getTwitchStatus(): Promise<TwitchStatus> {
    return this.call<TwitchStatus>("GET", "/api/admin/twitch");
  }

  getSiteProfile(): Promise<SiteProfile> {
    return this.call<SiteProfile>("GET", "/api/settings/profile");
  }

  updateSiteProfile(profile: SiteProfile): Promise<SiteProfile> {
    return this.call<SiteProfile>("PATCH", "/api/admin/settings/profile", profile);
  }

  async getSessions(): Promise<SessionView[]> {
    return (await this.call<{ sessions: SessionView[] }>("GET", "/api/sessions")).sessions;
  }

  async endSession(id: string): Promise<void> {
    await this.call<void>("DELETE", `/api/sessions/${encodeURIComponent(id)}`);
  }

  changePassword(currentPassword: string, newPassword: string): Promise<MessageAnswer> {
    return this.call<MessageAnswer>("POST", "/api/account/password", { currentPassword, newPassword });
  }

  async checkPlaylistApi(): Promise<void> {
    await this.call<unknown>("GET", "/api/youtube-playlist?test=true");
  }

  getPlaylist(playlistId: string): Promise<PlaylistAnswer> {
    return this.call<PlaylistAnswer>("GET", `/api/youtube-playlist?playlistId=${encodeURIComponent(playlistId)}`);
  }

  getCatOfTheDay(): Promise<CatOfTheDay> {
    return this.call<CatOfTheDay>("GET", "/api/cat-of-the-day");
  }

  async sendTwitchCallback(payload: TwitchCallbackInput): Promise<void> {
    await this.call<unknown>("POST", "/api/twitch-callback", payload);
  }

  private setHint(loggedIn: boolean): void {
    if (!this.sessionHint) return;
    // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie write; the Cookie Store API is not in every browser.
    document.cookie = loggedIn ? sessionHintCookie(location.protocol === "https:") : expiredCookie(SESSION_HINT_COOKIE);
  }

  private async call<T>(method: Method, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method,
        credentials: "include",
        headers:
          body === undefined
            ? { Accept: "application/json" }
            : { Accept: "application/json", "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new ApiNetworkError(error);
    }
    const data = await readJson(response);
    if (!response.ok) {
      const message = isRecord(data) && typeof data.error === "string" ? data.error : undefined;
      throw new ApiError(response.status, message);
    }
    return data as T;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text().catch(() => "");
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
