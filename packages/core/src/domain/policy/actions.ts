/**
 * One vocabulary of actions, named after what the user does, each mapped once to the spec permissions
 * (section 6) it needs, in order, with the refusal shown when one is missing. `public` needs nothing;
 * `account.use` needs only a logged-in user.
 */
import { OWNER_OVERRIDE } from "../permissions.ts";

export interface Requirement {
  permission: string;
  refusal: string;
}

export const ADMIN_VIEW: Requirement = {
  permission: "website:admin:view",
  refusal: "You do not have permission to view the admin panel.",
};

export const ACTIONS = {
  public: [],
  "account.use": [],
  "admin.view": [ADMIN_VIEW],
  "dashboard.view": [ADMIN_VIEW],
  "projects.view": [
    ADMIN_VIEW,
    { permission: "projects:view", refusal: "You do not have permission to view projects." },
  ],
  /** The home page's edit and delete buttons and its error banner. */
  "projects.editOnHome": [
    { permission: "website:projects:edit", refusal: "You do not have permission to edit projects from the home page." },
  ],
  "projects.create": [{ permission: "projects:create", refusal: "You do not have permission to create projects." }],
  "projects.edit": [{ permission: "projects:edit", refusal: "You do not have permission to edit projects." }],
  "projects.delete": [{ permission: "projects:delete", refusal: "You do not have permission to delete projects." }],
  /** The trash: what was deleted is restored or purged only by those who may delete it. */
  "trash.manage": [
    ADMIN_VIEW,
    { permission: "projects:delete", refusal: "You do not have permission to delete projects." },
  ],
  "users.view": [ADMIN_VIEW, { permission: "users:view", refusal: "You do not have permission to view users." }],
  "users.edit": [ADMIN_VIEW, { permission: "users:edit", refusal: "You do not have permission to edit users." }],
  "users.delete": [ADMIN_VIEW, { permission: "users:delete", refusal: "You do not have permission to delete users." }],
  "users.resetPassword": [
    ADMIN_VIEW,
    { permission: "users:edit", refusal: "You do not have permission to edit users." },
  ],
  /** Correcting a user's e-mail address: the change waits for the new address's owner to confirm it. */
  "users.email": [ADMIN_VIEW, { permission: "users:edit", refusal: "You do not have permission to edit users." }],
  /** Inviting a user by e-mail (the invited person chooses the password); what they get is a permissions.change. */
  "users.invite": [ADMIN_VIEW, { permission: "users:edit", refusal: "You do not have permission to invite users." }],
  /** A new invitation link for an invitation still waiting: the permission of inviting. */
  "users.invitation.resend": [
    ADMIN_VIEW,
    { permission: "users:edit", refusal: "You do not have permission to invite users." },
  ],
  /** A user's devices (desktop app tokens, browser sessions), seen and ended from the Users tab (docs/security.md, promise 26). */
  "users.devices": [ADMIN_VIEW, { permission: "users:edit", refusal: "You do not have permission to edit users." }],
  /** Changing what a user holds, whether it targets one user or a whole role (docs/security.md, promise 21). */
  "permissions.change": [
    { permission: "users:permissions", refusal: "You do not have permission to change user permissions." },
  ],
  "roles.view": [ADMIN_VIEW],
  "roles.update": [ADMIN_VIEW, { permission: "users:edit", refusal: "You do not have permission to edit roles." }],
  "audit.view": [
    ADMIN_VIEW,
    { permission: "users:view", refusal: "You do not have permission to view the audit log." },
  ],
  // The public profile is the owner's own name, birthday and contacts: only the owner changes it.
  "settings.update": [{ permission: OWNER_OVERRIDE, refusal: "Only the owner can change the site profile." }],
  /** The site profile's history: the profile is public, its versions are for the admin panel. */
  "settings.history": [ADMIN_VIEW],
  // Whether staff must have a second factor: the owner's call. While it is on, an owner without a second factor
  // sets one up first (always open to them), so a password thief cannot turn the requirement off.
  "settings.security": [
    { permission: OWNER_OVERRIDE, refusal: "Only the owner can change the sign-in security settings." },
  ],
  /** Removing a user's second factors (a lost phone): who may change what users hold. */
  "users.secondFactors": [
    ADMIN_VIEW,
    {
      permission: "users:permissions",
      refusal: "You do not have permission to remove a user's two-factor authentication.",
    },
  ],
  "twitch.view": [ADMIN_VIEW],
  // The stream credential is the owner's: only the owner connects Twitch.
  "twitch.connect": [{ permission: OWNER_OVERRIDE, refusal: "Only the owner can connect Twitch." }],
  /** Visitor analytics in the Dashboard (docs/design.md section 10). */
  "analytics.view": [
    ADMIN_VIEW,
    { permission: "analytics:view", refusal: "You do not have permission to view visitor analytics." },
  ],
  // Whether visitors are counted at all is the owner's call, like the public profile.
  "analytics.manage": [{ permission: OWNER_OVERRIDE, refusal: "Only the owner can turn visitor counting on or off." }],
  /** Device tokens for the desktop app: staff who may open the admin panel. */
  "sync.use": [ADMIN_VIEW],
} as const satisfies Record<string, readonly Requirement[]>;

export type Action = keyof typeof ACTIONS;

/**
 * What staff without a second factor may still do while the owner requires one: what anyone may (`public`:
 * logging in and out, the public site) and their own account (`account.use`: who they are, setting up a
 * second factor, their password and sessions). Every other action, whatever it needs, is refused until they
 * set one up, so a stolen password alone stops at the second factor (docs/security.md, "password thief").
 */
export const OPEN_WITHOUT_SECOND_FACTOR: readonly Action[] = ["public", "account.use"];
