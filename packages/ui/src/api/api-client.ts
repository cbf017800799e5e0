/**
 * The one door through which UI code reaches the backend: named, typed wrappers over one `Transport`
 * (`call(operation, input)` from the registry). The site passes `HttpApiClient` (HTTP transport plus the
 * logged-in hint cookie); the desktop renderer a `TransportApiClient` over its IPC transport.
 */
import type {
  AdminUser,
  AdminUsersAnswer,
  AuditLastCheckAnswer,
  AuditLogAnswer,
  AuditLogQuery,
  AuditVerifyAnswer,
  CatOfTheDay,
  DashboardStats,
  DeviceTokenView,
  EndedSessionsAnswer,
  PlaylistAnswer,
  Project,
  ProjectHistoryAnswer,
  ProjectsAnswer,
  ProjectsQuery,
  RecoveryCodesAnswer,
  RoleHistoryAnswer,
  RolesAnswer,
  RoleUpdateAnswer,
  SecondFactorChallenge,
  SecuritySettings,
  SecuritySettingsAnswer,
  SecurityStatus,
  SessionUser,
  SessionView,
  SiteProfile,
  SiteProfileHistoryAnswer,
  TotpEnrolment,
  TrashAnswer,
  TwitchCallbackInput,
  TwitchConnectAnswer,
  TwitchStatus,
  UsersQuery,
} from "@portfolio/core/domain";

import { ApiError, ApiNetworkError, type Transport } from "@portfolio/core/operations/client";

export { ApiError, ApiNetworkError };

export interface MessageAnswer {
  message: string;
}

export interface SignupInput {
  username: string;
  email: string;
  password: string;
}

/** The fields a project editor sends (a project without its server-set fields); empty links are sent as absent. */
/** The playlist shuffler's state on this site, as its availability probe answers it. */
export type PlaylistAvailability = "available" | "unavailable" | "notSetUp";

export type ProjectBody = Omit<Project, "_id" | "createdAt" | "updatedAt" | "version">;

/** An edit: the changed fields, and the version it was made on (a stale one is refused with a 409). */
export type ProjectPatchBody = Partial<ProjectBody> & { version?: number };

/** A page of a history: at most `limit` versions older than `before` (the `next` of the page before). */
export interface HistoryPageQuery {
  limit?: number;
  before?: number;
}

/** What `getProjectsPage` sends: a limit, and the sort (direction, seed), or the previous page's `next`. */
export type ProjectsPageRequest = Pick<ProjectsQuery, "limit" | "cursor" | "sort" | "seed" | "direction">;

export interface ApiClient {
  /**
   * How this client proves who it is: the browser's session cookie, or the desktop app's device token,
   * which cannot change a password or list browser sessions (those stay on the website).
   */
  readonly credential: "session" | "device";
  hello(): Promise<MessageAnswer>;
  /** The logged-in user, or null when there is no session (a non-ok answer). */
  me(): Promise<SessionUser | null>;
  /** The user, or which second factors the account asks for next (a 5-minute login step, no session yet). */
  login(username: string, password: string): Promise<SessionUser | SecondFactorChallenge>;
  logout(): Promise<void>;
  signup(input: SignupInput): Promise<MessageAnswer>;
  activateAccount(token: string): Promise<MessageAnswer>;
  forgotPassword(email: string): Promise<MessageAnswer>;
  resetPassword(token: string, newPassword: string): Promise<MessageAnswer>;
  /** Whether a reset link still works, without using it up: rejects with the server's 400 when it does not. */
  checkResetToken(token: string): Promise<MessageAnswer>;
  getProjects(): Promise<ProjectsAnswer>;
  /** One page of the public list in a sort, done by the server over the whole list. */
  getProjectsPage(query: ProjectsPageRequest): Promise<ProjectsAnswer>;
  createProject(body: ProjectBody): Promise<Project>;
  updateProject(id: string, body: ProjectPatchBody): Promise<Project>;
  deleteProject(id: string): Promise<void>;
  /** A project's versions, newest first; pass the answer's `next` as `before` for the older page. */
  getProjectHistory(id: string, page?: HistoryPage): Promise<ProjectHistoryAnswer>;
  /**
   * Brings a version back as a new edit. `baseVersion`: the project's version the editor shows (a stale one
   * is the 409 of an edit). The desktop app turns it into an ordinary queued edit carrying that version's fields.
   */
  restoreProjectVersion(id: string, version: number, baseVersion?: number): Promise<Project>;
  /** What is in the trash (projects:delete). */
  getTrash(): Promise<TrashAnswer>;
  /** Puts a deleted project back with its id, fields and history. */
  restoreFromTrash(id: string): Promise<Project>;
  /** Deletes a project in the trash for good, now. */
  purgeFromTrash(id: string): Promise<void>;

  // ---- Admin panel (spec section 7; every call is checked again on the server) ----
  getRoles(): Promise<RolesAnswer>;
  /** With `dryRun`, answers who would change (count and usernames) and changes nothing. */
  updateRolePermissions(
    roleKey: string,
    permissions: string[],
    options?: { dryRun?: boolean },
  ): Promise<RoleUpdateAnswer>;
  /**
   * One page of users (the Users tab): searched, filtered, continued with the answer's `next`. A
   * `limit` is required: without one the server answers every user, which the panel never asks for.
   */
  getUsersPage(query: BoundedUsersQuery): Promise<AdminUsersAnswer>;
  /** Either username and permissions, or isActive (true activates, false deactivates). */
  updateUser(id: string, body: UserUpdateBody): Promise<AdminUser>;
  deleteUser(id: string): Promise<void>;
  resetUserPassword(id: string): Promise<MessageAnswer>;
  /** Invites a user: an inactive account and a mailed link to choose a password; answers the new user. */
  inviteUser(body: InviteUserBody): Promise<AdminUser>;
  /** Mails a waiting invitation's new link (the old one stops working); answers the user. */
  resendInvitation(id: string): Promise<AdminUser>;
  /** Sets a user's new address as pending and mails its confirmation link to it; answers the user. */
  changeUserEmail(id: string, email: string): Promise<AdminUser>;
  /** Whether an address confirmation link still works, without using it up (rejects with the server's 400). */
  checkEmailChange(token: string): Promise<MessageAnswer>;
  confirmEmailChange(token: string): Promise<MessageAnswer>;
  /** Whether an invitation link still works, without using it up (rejects with the server's 400). */
  checkInvitation(token: string): Promise<MessageAnswer>;
  acceptInvitation(token: string, password: string): Promise<MessageAnswer>;
  getDashboard(): Promise<DashboardStats>;
  getAuditLog(query?: AuditLogQuery): Promise<AuditLogAnswer>;
  /** Checks the audit log's hash chain now: whole (with its head), or its first bad entry. */
  verifyAuditLog(): Promise<AuditVerifyAnswer>;
  /** The newest whole-chain check already made, and when (null before the first). */
  getLastAuditCheck(): Promise<AuditLastCheckAnswer>;
  getTwitchStatus(): Promise<TwitchStatus>;
  /** 'Connect Twitch' (owner): the Twitch authorize URL, carrying a single-use state for this session. */
  connectTwitch(): Promise<TwitchConnectAnswer>;
  /** The owner's public profile (name, birth date, business e-mail, social links). */
  getSiteProfile(): Promise<SiteProfile>;
  updateSiteProfile(profile: SiteProfile): Promise<SiteProfile>;

  // ---- History: versions newest first, and a restore that is an edit like any other ----
  /** The site profile's versions (version 0: before its first change). */
  getSiteProfileHistory(query?: HistoryPageQuery): Promise<SiteProfileHistoryAnswer>;
  /** Owner only; `baseVersion` (the newest version the editor saw) makes a stale restore a 409. */
  restoreSiteProfile(version: number, options?: { baseVersion?: number }): Promise<SiteProfile>;
  getRoleHistory(roleKey: string, query?: HistoryPageQuery): Promise<RoleHistoryAnswer>;
  /** The rules of a role edit; with `dryRun`, answers who would change and changes nothing. */
  restoreRole(roleKey: string, version: number, options?: { dryRun?: boolean }): Promise<RoleUpdateAnswer>;
  getSessions(): Promise<SessionView[]>;
  endSession(id: string): Promise<void>;
  /** 'Log out everywhere else': ends every browser session of yours but this one; answers how many ended. */
  endOtherSessions(): Promise<EndedSessionsAnswer>;
  /** Your desktop app device tokens (name, created, last used); never the token itself. */
  getDeviceTokens(): Promise<DeviceTokenView[]>;
  revokeDeviceToken(id: string): Promise<void>;
  /** Another user's device tokens (users:edit; the owner's only to the owner); never the token itself. */
  getUserDeviceTokens(userId: string): Promise<DeviceTokenView[]>;
  revokeUserDeviceToken(userId: string, tokenId: string): Promise<void>;
  /** Another user's browser sessions (same rule; a browser session only). */
  getUserSessions(userId: string): Promise<SessionView[]>;
  endUserSession(userId: string, sessionId: string): Promise<void>;
  changePassword(currentPassword: string, newPassword: string): Promise<MessageAnswer>;

  // ---- Second factors ----
  getAccountSecurity(): Promise<SecurityStatus>;
  /** Starts setting up an authenticator app: the secret (shown once) and its otpauth:// link. */
  startTotp(password: string): Promise<TotpEnrolment>;
  confirmTotp(code: string): Promise<RecoveryCodesAnswer>;
  removeTotp(password: string, code: string): Promise<void>;
  renewRecoveryCodes(password: string): Promise<RecoveryCodesAnswer>;
  passkeyRegistrationOptions(password: string): Promise<Record<string, unknown>>;
  addPasskey(name: string, response: Record<string, unknown>): Promise<{ id: string; name: string }>;
  /** Asks for the password again, as turning the authenticator off does. */
  removePasskey(id: string, password: string): Promise<void>;
  /** The login's second step: one of an authenticator code, a recovery code or a passkey's answer. */
  completeSecondFactor(
    proof: { code: string } | { recoveryCode: string } | { passkey: Record<string, unknown> },
  ): Promise<SessionUser>;
  secondFactorPasskeyOptions(): Promise<Record<string, unknown>>;
  passkeyLoginOptions(): Promise<Record<string, unknown>>;
  passkeyLogin(response: Record<string, unknown>): Promise<SessionUser>;
  getSecuritySettings(): Promise<SecuritySettingsAnswer>;
  updateSecuritySettings(settings: SecuritySettings): Promise<SecuritySettingsAnswer>;
  removeUserSecondFactors(userId: string): Promise<void>;

  // ---- Visitor tools ----
  /** Whether the playlist shuffler's upstream is available (the probe answers false; a failed call rejects). */
  /** Whether the shuffler works now, is down for a while, or is not set up on this site at all. */
  checkPlaylistApi(): Promise<PlaylistAvailability>;
  getPlaylist(playlistId: string): Promise<PlaylistAnswer>;
  getCatOfTheDay(): Promise<CatOfTheDay>;
  sendTwitchCallback(payload: TwitchCallbackInput): Promise<void>;
}

/** A users query with its page size, so no caller asks for every user by leaving the paging out. */
export type BoundedUsersQuery = UsersQuery & { limit: number };

/** A page of a history: how many versions, and older than which (the previous page's `next`). */
export interface HistoryPage {
  before?: number;
  limit?: number;
}

export interface InviteUserBody {
  username: string;
  email: string;
  permissions: string[];
}

export type UserUpdateBody = { username: string; permissions: string[] } | { isActive: boolean };

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

/** Every `ApiClient` method as one line over the registry's `call`; no transport holds per-operation code. */
export class TransportApiClient implements ApiClient {
  constructor(
    protected readonly transport: Transport,
    readonly credential: "session" | "device" = "session",
  ) {}

  hello() {
    return this.transport.call("hello", {});
  }
  async me(): Promise<SessionUser | null> {
    try {
      return await this.transport.call("auth.me", {});
    } catch (error) {
      if (error instanceof ApiError) return null;
      throw error;
    }
  }
  login(username: string, password: string) {
    return this.transport.call("auth.login", { username, password });
  }
  logout() {
    return this.transport.call("auth.logout", {});
  }
  signup(input: SignupInput) {
    return this.transport.call("auth.signup", input);
  }
  activateAccount(token: string) {
    return this.transport.call("auth.activate", { token });
  }
  forgotPassword(email: string) {
    return this.transport.call("auth.forgotPassword", { email });
  }
  resetPassword(token: string, newPassword: string) {
    return this.transport.call("auth.resetPassword", { token, newPassword });
  }
  checkResetToken(token: string) {
    return this.transport.call("auth.resetToken.check", { token });
  }
  getProjects() {
    return this.transport.call("projects.list", {});
  }
  getProjectsPage(query: ProjectsPageRequest) {
    return this.transport.call("projects.list", query);
  }
  createProject(body: ProjectBody) {
    return this.transport.call("projects.create", body);
  }
  updateProject(id: string, body: ProjectPatchBody) {
    return this.transport.call("projects.update", { id, ...body });
  }
  deleteProject(id: string) {
    return this.transport.call("projects.delete", { id });
  }
  getProjectHistory(id: string, page: HistoryPage = {}) {
    return this.transport.call("projects.history", { id, ...page });
  }
  restoreProjectVersion(id: string, version: number, baseVersion?: number) {
    return this.transport.call("projects.restore", {
      id,
      version,
      ...(baseVersion === undefined ? {} : { baseVersion }),
    });
  }
  getTrash() {
    return this.transport.call("trash.list", {});
  }
  restoreFromTrash(id: string) {
    return this.transport.call("trash.restore", { id });
  }
  purgeFromTrash(id: string) {
    return this.transport.call("trash.purge", { id });
  }
  getRoles() {
    return this.transport.call("roles.list", {});
  }
  updateRolePermissions(roleKey: string, permissions: string[], options: { dryRun?: boolean } = {}) {
    return this.transport.call("roles.update", { roleKey, permissions, ...(options.dryRun ? { dryRun: true } : {}) });
  }
  getUsersPage(query: BoundedUsersQuery) {
    return this.transport.call("users.list", query);
  }
  updateUser(id: string, body: UserUpdateBody) {
    return this.transport.call("users.update", { id, ...body });
  }
  deleteUser(id: string) {
    return this.transport.call("users.delete", { id });
  }
  resetUserPassword(id: string) {
    return this.transport.call("users.resetPassword", { id });
  }
  inviteUser(body: InviteUserBody) {
    return this.transport.call("users.invite", body);
  }
  resendInvitation(id: string) {
    return this.transport.call("users.invitation.resend", { id });
  }
  changeUserEmail(id: string, email: string) {
    return this.transport.call("users.email.change", { id, email });
  }
  checkEmailChange(token: string) {
    return this.transport.call("auth.emailChange.check", { token });
  }
  confirmEmailChange(token: string) {
    return this.transport.call("auth.emailChange.confirm", { token });
  }
  checkInvitation(token: string) {
    return this.transport.call("auth.invitation.check", { token });
  }
  acceptInvitation(token: string, password: string) {
    return this.transport.call("auth.invitation.accept", { token, password });
  }
  getDashboard() {
    return this.transport.call("dashboard.get", {});
  }
  getAuditLog(query: AuditLogQuery = {}) {
    return this.transport.call("audit.list", query);
  }
  verifyAuditLog() {
    return this.transport.call("audit.verify", {});
  }
  getLastAuditCheck() {
    return this.transport.call("audit.lastCheck", {});
  }
  getTwitchStatus() {
    return this.transport.call("twitch.status", {});
  }
  connectTwitch() {
    return this.transport.call("twitch.connect", {});
  }
  getSiteProfile() {
    return this.transport.call("profile.get", {});
  }
  updateSiteProfile(profile: SiteProfile) {
    return this.transport.call("profile.update", profile);
  }
  getSiteProfileHistory(query: HistoryPageQuery = {}) {
    return this.transport.call("profile.history", query);
  }
  restoreSiteProfile(version: number, options: { baseVersion?: number } = {}) {
    return this.transport.call("profile.restore", {
      version,
      ...(options.baseVersion === undefined ? {} : { baseVersion: options.baseVersion }),
    });
  }
  getRoleHistory(roleKey: string, query: HistoryPageQuery = {}) {
    return this.transport.call("roles.history", { roleKey, ...query });
  }
  restoreRole(roleKey: string, version: number, options: { dryRun?: boolean } = {}) {
    return this.transport.call("roles.restore", { roleKey, version, ...(options.dryRun ? { dryRun: true } : {}) });
  }
  async getSessions() {
    return (await this.transport.call("sessions.list", {})).sessions;
  }
  endSession(id: string) {
    return this.transport.call("sessions.end", { id });
  }
  endOtherSessions() {
    return this.transport.call("sessions.endOthers", {});
  }
  async getDeviceTokens() {
    return (await this.transport.call("sync.tokens.list", {})).tokens;
  }
  revokeDeviceToken(id: string) {
    return this.transport.call("sync.tokens.revoke", { id });
  }
  async getUserDeviceTokens(userId: string) {
    return (await this.transport.call("users.deviceTokens.list", { id: userId })).tokens;
  }
  revokeUserDeviceToken(userId: string, tokenId: string) {
    return this.transport.call("users.deviceTokens.revoke", { id: userId, tokenId });
  }
  async getUserSessions(userId: string) {
    return (await this.transport.call("users.sessions.list", { id: userId })).sessions;
  }
  endUserSession(userId: string, sessionId: string) {
    return this.transport.call("users.sessions.end", { id: userId, sessionId });
  }
  changePassword(currentPassword: string, newPassword: string) {
    return this.transport.call("account.changePassword", { currentPassword, newPassword });
  }
  getAccountSecurity() {
    return this.transport.call("account.security", {});
  }
  startTotp(password: string) {
    return this.transport.call("account.totp.start", { password });
  }
  confirmTotp(code: string) {
    return this.transport.call("account.totp.confirm", { code });
  }
  removeTotp(password: string, code: string) {
    return this.transport.call("account.totp.remove", { password, code });
  }
  renewRecoveryCodes(password: string) {
    return this.transport.call("account.recoveryCodes.renew", { password });
  }
  passkeyRegistrationOptions(password: string) {
    return this.transport.call("account.passkeys.options", { password });
  }
  addPasskey(name: string, response: Record<string, unknown>) {
    return this.transport.call("account.passkeys.create", { name, response });
  }
  removePasskey(id: string, password: string) {
    return this.transport.call("account.passkeys.delete", { id, password });
  }
  completeSecondFactor(proof: { code: string } | { recoveryCode: string } | { passkey: Record<string, unknown> }) {
    return this.transport.call("auth.secondFactor", proof);
  }
  secondFactorPasskeyOptions() {
    return this.transport.call("auth.secondFactor.passkeyOptions", {});
  }
  passkeyLoginOptions() {
    return this.transport.call("auth.passkey.options", {});
  }
  passkeyLogin(response: Record<string, unknown>) {
    return this.transport.call("auth.passkey", { response });
  }
  getSecuritySettings() {
    return this.transport.call("settings.security.get", {});
  }
  updateSecuritySettings(settings: SecuritySettings) {
    return this.transport.call("settings.security.update", settings);
  }
  removeUserSecondFactors(userId: string) {
    return this.transport.call("users.secondFactors.remove", { id: userId });
  }
  async checkPlaylistApi(): Promise<PlaylistAvailability> {
    const answer = await this.transport.call("tools.playlist", { test: "true" });
    if (!("available" in answer)) return "unavailable";
    return answer.available ? "available" : answer.setUp ? "unavailable" : "notSetUp";
  }
  getPlaylist(playlistId: string) {
    return this.transport.call("tools.playlist", { playlistId }) as Promise<PlaylistAnswer>;
  }
  getCatOfTheDay() {
    return this.transport.call("tools.catOfTheDay", {});
  }
  async sendTwitchCallback(payload: TwitchCallbackInput) {
    await this.transport.call("twitch.callback", payload);
  }
}
