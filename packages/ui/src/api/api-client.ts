/**
 * The one door through which UI code reaches the backend. The site passes an HTTP client
 * (`HttpApiClient`); the desktop renderer will pass an IPC client with the same shape.
 */
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

export interface MessageAnswer {
  message: string;
}

export interface SignupInput {
  username: string;
  email: string;
  password: string;
}

/** The fields a project editor sends (a project without its server-set fields); empty links are sent as absent. */
export type ProjectBody = Omit<Project, "_id" | "createdAt" | "updatedAt">;

export interface ApiClient {
  hello(): Promise<MessageAnswer>;
  /** The logged-in user, or null when there is no session (a non-ok answer). */
  me(): Promise<SessionUser | null>;
  login(username: string, password: string): Promise<SessionUser>;
  logout(): Promise<void>;
  signup(input: SignupInput): Promise<MessageAnswer>;
  activateAccount(token: string): Promise<MessageAnswer>;
  forgotPassword(email: string): Promise<MessageAnswer>;
  resetPassword(token: string, newPassword: string): Promise<MessageAnswer>;
  getProjects(): Promise<ProjectsAnswer>;
  createProject(body: ProjectBody): Promise<Project>;
  updateProject(id: string, body: Partial<ProjectBody>): Promise<Project>;
  deleteProject(id: string): Promise<void>;

  // ---- Admin panel (spec section 7; every call is checked again on the server) ----
  getRoles(): Promise<RolesAnswer>;
  updateRolePermissions(roleKey: string, permissions: string[]): Promise<RoleUpdateAnswer>;
  getUsers(): Promise<AdminUser[]>;
  /** Either username and permissions, or isActive (true activates, false deactivates). */
  updateUser(id: string, body: UserUpdateBody): Promise<AdminUser>;
  deleteUser(id: string): Promise<void>;
  resetUserPassword(id: string): Promise<MessageAnswer>;
  getDashboard(): Promise<DashboardStats>;
  getAuditLog(query?: AuditLogQuery): Promise<AuditLogAnswer>;
  getTwitchStatus(): Promise<TwitchStatus>;
  /** The owner's public profile (name, birth date, business e-mail, social links). */
  getSiteProfile(): Promise<SiteProfile>;
  updateSiteProfile(profile: SiteProfile): Promise<SiteProfile>;
  getSessions(): Promise<SessionView[]>;
  endSession(id: string): Promise<void>;
  changePassword(currentPassword: string, newPassword: string): Promise<MessageAnswer>;

  // ---- Visitor tools ----
  /** Resolves when the playlist shuffler's upstream is available; rejects otherwise. */
  checkPlaylistApi(): Promise<void>;
  getPlaylist(playlistId: string): Promise<PlaylistAnswer>;
  getCatOfTheDay(): Promise<CatOfTheDay>;
  sendTwitchCallback(payload: TwitchCallbackInput): Promise<void>;
}

export type UserUpdateBody = { username: string; permissions: string[] } | { isActive: boolean };

/** The backend answered, but not with success. `serverMessage` is its `error` text when it gave one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
  ) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = "ApiError";
  }
}

/** The backend could not be reached at all (network down, CORS, aborted). */
export class ApiNetworkError extends Error {
  constructor(cause: unknown) {
    super("The server could not be reached.", { cause });
    this.name = "ApiNetworkError";
  }
}

/**
 * The message to show for a failed call: the server's own error text when it sent one, otherwise the
 * screen's fixed failure message. `unreachable` overrides the fallback when the server was not reached.
 */
export function errorMessage(error: unknown, fallback: string, unreachable: string = fallback): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof ApiNetworkError) return unreachable;
  return fallback;
}

/** Why a call failed, for a second line under a fixed message: the server's text, or that it was not reached. */
export function failureReason(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof ApiNetworkError) return error.message;
  return undefined;
}
