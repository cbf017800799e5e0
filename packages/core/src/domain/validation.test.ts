import { describe, expect, it } from "vitest";
import {
  addTag,
  firstError,
  firstIssue,
  forgotFormSchema,
  loginBodySchema,
  loginFormSchema,
  parseUserUpdate,
  passwordSchema,
  permissionListSchema,
  projectCreateSchema,
  resetBodySchema,
  resetFormSchema,
  signupBodySchema,
  signupFormSchema,
} from "./validation.ts";

// Literal texts of spec section 5 (deliberately not imported from messages.ts).
const LOGIN_REQUIRED = "Please enter both username and password.";
const FORGOT_REQUIRED = "Please enter your email address.";
const FILL_ALL = "Please fill in all fields.";
const MISMATCH = "Passwords do not match.";
const TOO_SHORT = "Password must be at least 6 characters long.";

describe("login form (spec section 5)", () => {
  it("accepts a username and a password", () => {
    expect(firstError(loginFormSchema, { username: "alice", password: "secret" })).toBeNull();
  });

  it.each([
    ["an empty username", { username: "", password: "secret" }],
    ["an empty password", { username: "alice", password: "" }],
    ["a whitespace-only username", { username: "   ", password: "secret" }],
    ["a whitespace-only password", { username: "alice", password: " \t " }],
    ["both empty", { username: "", password: "" }],
    ["missing fields", {}],
  ])("rejects %s with 'Please enter both username and password.'", (_label, input) => {
    expect(firstError(loginFormSchema, input)).toBe(LOGIN_REQUIRED);
  });
});

describe("forgot-password form (spec section 5)", () => {
  it("accepts an email", () => {
    expect(firstError(forgotFormSchema, { email: "alice@example.com" })).toBeNull();
  });

  it.each([
    ["an empty email", { email: "" }],
    ["a whitespace-only email", { email: "   " }],
    ["a missing email", {}],
  ])("rejects %s with 'Please enter your email address.'", (_label, input) => {
    expect(firstError(forgotFormSchema, input)).toBe(FORGOT_REQUIRED);
  });
});

describe("sign-up form (spec section 5)", () => {
  const valid = { username: "alice", email: "alice@example.com", password: "secret", confirmPassword: "secret" };

  it("accepts filled fields with matching passwords of at least 6 characters", () => {
    expect(firstError(signupFormSchema, valid)).toBeNull();
  });

  it.each(["username", "email", "password", "confirmPassword"])(
    "rejects an empty %s with 'Please fill in all fields.'",
    (field) => {
      expect(firstError(signupFormSchema, { ...valid, [field]: "" })).toBe(FILL_ALL);
    },
  );

  it.each(["username", "email", "password", "confirmPassword"])(
    "rejects a whitespace-only %s with 'Please fill in all fields.'",
    (field) => {
      expect(firstError(signupFormSchema, { ...valid, [field]: "   " })).toBe(FILL_ALL);
    },
  );

  it("rejects different passwords with 'Passwords do not match.'", () => {
    expect(firstError(signupFormSchema, { ...valid, confirmPassword: "secreT" })).toBe(MISMATCH);
  });

  it("names the field a form marks: the empty one, the confirmation for a mismatch, the password when short", () => {
    expect(firstIssue(signupFormSchema, { ...valid, email: "" })?.path).toEqual(["email"]);
    expect(firstIssue(signupFormSchema, { ...valid, confirmPassword: "secreT" })?.path).toEqual(["confirmPassword"]);
    expect(firstIssue(signupFormSchema, { ...valid, password: "abc", confirmPassword: "abc" })?.path).toEqual([
      "password",
    ]);
  });

  it("rejects a 5-character password with 'Password must be at least 6 characters long.'", () => {
    expect(firstError(signupFormSchema, { ...valid, password: "12345", confirmPassword: "12345" })).toBe(TOO_SHORT);
  });

  it("accepts a password of exactly 6 characters", () => {
    expect(firstError(signupFormSchema, { ...valid, password: "123456", confirmPassword: "123456" })).toBeNull();
  });

  it("reports an empty field before a password mismatch", () => {
    expect(firstError(signupFormSchema, { ...valid, username: "", confirmPassword: "different" })).toBe(FILL_ALL);
  });

  it("reports an empty field before a too-short password", () => {
    expect(firstError(signupFormSchema, { ...valid, email: "", password: "123", confirmPassword: "123" })).toBe(
      FILL_ALL,
    );
  });

  it("reports a password mismatch before a too-short password", () => {
    expect(firstError(signupFormSchema, { ...valid, password: "123", confirmPassword: "124" })).toBe(MISMATCH);
  });
});

describe("reset-password form (spec section 5)", () => {
  it("accepts matching passwords of at least 6 characters", () => {
    expect(firstError(resetFormSchema, { password: "secret", confirmPassword: "secret" })).toBeNull();
  });

  it.each([
    ["an empty password", { password: "", confirmPassword: "secret" }],
    ["an empty confirmation", { password: "secret", confirmPassword: "" }],
    ["a whitespace-only password", { password: "   ", confirmPassword: "   " }],
    ["missing fields", {}],
  ])("rejects %s with 'Please fill in all fields.'", (_label, input) => {
    expect(firstError(resetFormSchema, input)).toBe(FILL_ALL);
  });

  it("rejects different passwords with 'Passwords do not match.'", () => {
    expect(firstError(resetFormSchema, { password: "secret1", confirmPassword: "secret2" })).toBe(MISMATCH);
  });

  it("rejects a 5-character password with 'Password must be at least 6 characters long.'", () => {
    expect(firstError(resetFormSchema, { password: "abcde", confirmPassword: "abcde" })).toBe(TOO_SHORT);
  });

  it("reports an empty field before a password mismatch", () => {
    expect(firstError(resetFormSchema, { password: "", confirmPassword: "abc" })).toBe(FILL_ALL);
  });

  it("reports a password mismatch before a too-short password", () => {
    expect(firstError(resetFormSchema, { password: "abc", confirmPassword: "abd" })).toBe(MISMATCH);
  });
});

describe("sign-up request body", () => {
  const valid = { username: "alice", email: "alice@example.com", password: "secret" };

  it("accepts a valid body", () => {
    expect(firstError(signupBodySchema, valid)).toBeNull();
  });

  it("rejects a malformed email with a message naming the email", () => {
    expect(firstError(signupBodySchema, { ...valid, email: "not-an-email" })).toMatch(/email/i);
  });

  it("rejects a too-short username with a message naming the username", () => {
    expect(firstError(signupBodySchema, { ...valid, username: "ab" })).toMatch(/username/i);
  });

  it("rejects a too-short password with the spec's message", () => {
    expect(firstError(signupBodySchema, { ...valid, password: "12345" })).toBe(TOO_SHORT);
  });
});

describe("passwordSchema", () => {
  it("accepts a password of 6 characters", () => {
    expect(firstError(passwordSchema, "123456")).toBeNull();
  });

  it("rejects fewer than 6 characters with 'Password must be at least 6 characters long.'", () => {
    expect(firstError(passwordSchema, "12345")).toBe(TOO_SHORT);
  });

  it("accepts exactly 72 bytes", () => {
    expect(firstError(passwordSchema, "a".repeat(72))).toBeNull();
    expect(firstError(passwordSchema, "é".repeat(36))).toBeNull();
  });

  it("rejects more than 72 bytes even when under 72 characters (40 'é' = 80 bytes)", () => {
    const password = "é".repeat(40);
    expect(password).toHaveLength(40);
    const error = firstError(passwordSchema, password);
    expect(error).not.toBeNull();
    expect(error).toMatch(/72/);
  });

  it("rejects 73 ASCII characters", () => {
    expect(firstError(passwordSchema, "a".repeat(73))).not.toBeNull();
  });
});

describe("passwords longer than 72 bytes (bcrypt's limit)", () => {
  const TOO_LONG = "Password must be at most 72 bytes long.";

  it("are refused at sign-up with 'Password must be at most 72 bytes long.'", () => {
    expect(firstError(signupBodySchema, { username: "alice", email: "a@example.com", password: "a".repeat(73) })).toBe(
      TOO_LONG,
    );
  });

  it("are refused at reset with the same message", () => {
    expect(firstError(resetBodySchema, { token: "abc", newPassword: "é".repeat(40) })).toBe(TOO_LONG);
  });

  it("are refused at login with the same message, not silently cut to 72 bytes", () => {
    expect(firstError(loginBodySchema, { username: "alice", password: "a".repeat(73) })).toBe(TOO_LONG);
  });

  it("are refused at login with the same message even at 10,000 characters", () => {
    expect(firstError(loginBodySchema, { username: "alice", password: "a".repeat(10_000) })).toBe(TOO_LONG);
  });

  it("are accepted at login up to exactly 72 bytes", () => {
    expect(firstError(loginBodySchema, { username: "alice", password: "é".repeat(36) })).toBeNull();
  });

  it("are refused by the sign-up and reset forms before they are sent", () => {
    const long = "a".repeat(73);
    expect(firstError(signupFormSchema, { username: "a", email: "a@b.c", password: long, confirmPassword: long })).toBe(
      TOO_LONG,
    );
    expect(firstError(resetFormSchema, { password: long, confirmPassword: long })).toBe(TOO_LONG);
    expect(firstError(loginFormSchema, { username: "alice", password: long })).toBe(TOO_LONG);
  });
});

describe("projectCreateSchema", () => {
  const valid = { title: "Widget", description: "A widget." };

  it("accepts a title and a description and fills the defaults", () => {
    const result = projectCreateSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      title: "Widget",
      description: "A widget.",
      isArchived: false,
      isLatest: false,
      tags: [],
      longDescription: "",
      pictures: [],
    });
  });

  it.each([
    ["missing", { description: "A widget." }],
    ["empty", { title: "", description: "A widget." }],
    ["whitespace-only", { title: "   ", description: "A widget." }],
  ])("rejects a %s title with 'Title is required.'", (_label, input) => {
    expect(firstError(projectCreateSchema, input)).toBe("Title is required.");
  });

  it.each([
    ["missing", { title: "Widget" }],
    ["empty", { title: "Widget", description: "" }],
    ["whitespace-only", { title: "Widget", description: "  " }],
  ])("rejects a %s description with 'Description is required.'", (_label, input) => {
    expect(firstError(projectCreateSchema, input)).toBe("Description is required.");
  });

  it("turns an empty github and an empty externalLink into absent values", () => {
    const result = projectCreateSchema.safeParse({ ...valid, github: "", externalLink: "" });
    expect(result.success).toBe(true);
    expect(result.data?.github).toBeUndefined();
    expect(result.data?.externalLink).toBeUndefined();
  });

  it("turns a whitespace-only github into an absent value", () => {
    const result = projectCreateSchema.safeParse({ ...valid, github: "   " });
    expect(result.success).toBe(true);
    expect(result.data?.github).toBeUndefined();
  });

  it("accepts an https github URL", () => {
    const result = projectCreateSchema.safeParse({ ...valid, github: "https://github.com/someone/widget" });
    expect(result.success).toBe(true);
    expect(result.data?.github).toBe("https://github.com/someone/widget");
  });

  it("accepts a relative externalLink such as '/twitchcotdwidget'", () => {
    const result = projectCreateSchema.safeParse({ ...valid, externalLink: "/twitchcotdwidget" });
    expect(result.success).toBe(true);
    expect(result.data?.externalLink).toBe("/twitchcotdwidget");
  });

  it("accepts an https externalLink", () => {
    expect(firstError(projectCreateSchema, { ...valid, externalLink: "https://example.com/demo" })).toBeNull();
  });

  it("rejects a protocol-relative externalLink '//evil.com'", () => {
    expect(firstError(projectCreateSchema, { ...valid, externalLink: "//evil.com" })).toMatch(/externalLink/);
  });

  it("rejects a javascript: externalLink", () => {
    expect(firstError(projectCreateSchema, { ...valid, externalLink: "javascript:alert(1)" })).toMatch(/externalLink/);
  });

  it("rejects a relative github path", () => {
    expect(firstError(projectCreateSchema, { ...valid, github: "/someone/widget" })).toMatch(/github/);
  });

  it("rejects a javascript: github link", () => {
    expect(firstError(projectCreateSchema, { ...valid, github: "javascript:alert(1)" })).toMatch(/github/);
  });

  it("removes duplicate tags, keeping the first occurrence order", () => {
    const result = projectCreateSchema.safeParse({ ...valid, tags: ["React", "TypeScript", "React", " TypeScript "] });
    expect(result.success).toBe(true);
    expect(result.data?.tags).toEqual(["React", "TypeScript"]);
  });
});

describe("addTag (project editor tag rule)", () => {
  it("adds a new non-empty tag at the end", () => {
    expect(addTag(["React"], "TypeScript")).toEqual(["React", "TypeScript"]);
  });

  it("trims the tag before adding it", () => {
    expect(addTag([], "  Node.js  ")).toEqual(["Node.js"]);
  });

  it("does not add an empty or whitespace-only tag", () => {
    expect(addTag(["React"], "")).toEqual(["React"]);
    expect(addTag(["React"], "   ")).toEqual(["React"]);
  });

  it("does not add a tag that is already present (after trimming)", () => {
    expect(addTag(["React"], "React")).toEqual(["React"]);
    expect(addTag(["React"], " React ")).toEqual(["React"]);
  });

  it("returns a new list and leaves the input unchanged", () => {
    const tags = ["React"];
    const out = addTag(tags, "Vue");
    expect(out).not.toBe(tags);
    expect(tags).toEqual(["React"]);
  });
});

describe("parseUserUpdate (PATCH /api/admin/users/{id})", () => {
  it("reads { isActive: true } as an activation", () => {
    expect(parseUserUpdate({ isActive: true })).toEqual({ success: true, data: { kind: "active", isActive: true } });
  });

  it("reads { username, permissions } as an edit", () => {
    expect(parseUserUpdate({ username: "alice", permissions: ["website:view", "projects:view"] })).toEqual({
      success: true,
      data: { kind: "edit", username: "alice", permissions: ["website:view", "projects:view"] },
    });
  });

  it("rejects an edit with an unknown permission", () => {
    const result = parseUserUpdate({ username: "alice", permissions: ["website:view", "made:up"] });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error).toMatch(/permission/i);
  });

  it("rejects an edit with extra keys", () => {
    expect(parseUserUpdate({ username: "alice", permissions: ["website:view"], isAdmin: true }).success).toBe(false);
  });

  it("rejects an activation with extra keys", () => {
    expect(parseUserUpdate({ isActive: true, permissions: ["override:owner"] }).success).toBe(false);
  });

  it("rejects an edit without permissions", () => {
    expect(parseUserUpdate({ username: "alice" }).success).toBe(false);
  });

  it("rejects a body that is not an object", () => {
    expect(parseUserUpdate(null).success).toBe(false);
    expect(parseUserUpdate("isActive").success).toBe(false);
  });
});

describe("permissionListSchema", () => {
  it("accepts known permission names", () => {
    expect(permissionListSchema.safeParse(["website:view", "override:owner"]).success).toBe(true);
  });

  it("rejects an unknown permission name", () => {
    expect(permissionListSchema.safeParse(["website:view", "website:destroy"]).success).toBe(false);
  });

  it("rejects a list that is not a list", () => {
    expect(permissionListSchema.safeParse("website:view").success).toBe(false);
  });
});
