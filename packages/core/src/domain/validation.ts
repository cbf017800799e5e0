/**
 * Validation rules of spec section 5: form checks with the spec's exact messages (UI) and the
 * request-body schemas the server applies (messages name the field). Browser-safe; zod only.
 */
import { z } from "zod";
import { hasControlCharacters, withoutControlCharacters } from "./control-characters.ts";
import { MAX_DB_INTEGER } from "./database-limits.ts";
import { isProjectLink } from "./links.ts";
import { MAX_PASSWORD_BYTES, MESSAGES, MIN_PASSWORD_LENGTH } from "./messages.ts";
import { isKnownPermission } from "./permissions.ts";
import { picturesSchema } from "./pictures-schema.ts";
import { slugSchema } from "./slug-schema.ts";

/** The first issue's message, or null when the input is valid. */
export function firstError(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? "Invalid input.");
}

/** The first problem with its place in the input (e.g. ["socialLinks", 0, "url"]), so a form can mark the field. */
export function firstIssue(
  schema: z.ZodType,
  input: unknown,
): { path: ReadonlyArray<PropertyKey>; message: string } | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { path: issue?.path ?? [], message: issue?.message ?? "Invalid input." };
}

const filled = (message: string) => z.string({ error: message }).refine((v) => v.trim() !== "", message);

const byteLength = (value: string) => new TextEncoder().encode(value).length;
/** bcrypt compares only the first 72 bytes: longer passwords are refused, never silently cut. */
export const withinBcryptLimit = (value: string) => byteLength(value) <= MAX_PASSWORD_BYTES;

// ---- Forms (what the user typed, spec messages) ----

export const loginFormSchema = z.object({
  username: filled(MESSAGES.loginRequired),
  password: filled(MESSAGES.loginRequired).refine(withinBcryptLimit, MESSAGES.passwordTooLong),
});

export const forgotFormSchema = z.object({ email: filled(MESSAGES.forgotRequired) });

/** Order of the spec: every field filled, then the two passwords equal, then long enough. */
// Each problem names the field a form marks: the confirmation for a mismatch, the password otherwise.
function passwordRules(values: { password: string; confirmPassword: string }, ctx: z.RefinementCtx): void {
  if (values.password !== values.confirmPassword)
    ctx.addIssue({ code: "custom", message: MESSAGES.passwordsMismatch, path: ["confirmPassword"] });
  else if (values.password.length < MIN_PASSWORD_LENGTH)
    ctx.addIssue({ code: "custom", message: MESSAGES.passwordTooShort, path: ["password"] });
  else if (!withinBcryptLimit(values.password))
    ctx.addIssue({ code: "custom", message: MESSAGES.passwordTooLong, path: ["password"] });
}

export const signupFormSchema = z
  .object({
    username: filled(MESSAGES.fillAllFields),
    email: filled(MESSAGES.fillAllFields),
    password: filled(MESSAGES.fillAllFields),
    confirmPassword: filled(MESSAGES.fillAllFields),
  })
  .superRefine(passwordRules);

export const resetFormSchema = z
  .object({ password: filled(MESSAGES.fillAllFields), confirmPassword: filled(MESSAGES.fillAllFields) })
  .superRefine(passwordRules);

// ---- Request bodies (server) ----

export const passwordSchema = z
  .string({ error: "Password is required." })
  .min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort)
  .refine(withinBcryptLimit, MESSAGES.passwordTooLong);

export const usernameSchema = z
  .string({ error: "Username is required." })
  .trim()
  .min(3, "Username must be 3 to 32 characters long.")
  .max(32, "Username must be 3 to 32 characters long.")
  .refine(...withoutControlCharacters("Username"))
  .regex(/^[A-Za-z0-9_.-]+$/, "Username may contain only letters, digits, dots, dashes and underscores.");

export const emailSchema = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email must be at most 254 characters long.")
  .refine(...withoutControlCharacters("Email"))
  .pipe(z.email({ error: "Email must be a valid email address." }));

const tokenSchema = z
  .string({ error: "Token is required." })
  .trim()
  .min(1, "Token is required.")
  .max(200, "Token is too long.")
  .refine(...withoutControlCharacters("Token"));

export const loginBodySchema = z.object({
  username: z
    .string({ error: MESSAGES.loginRequired })
    .trim()
    .min(1, MESSAGES.loginRequired)
    .max(254)
    .refine(...withoutControlCharacters("Username")),
  // The same cap as at sign-up: bcrypt would otherwise compare only the first 72 bytes.
  password: z
    .string({ error: MESSAGES.loginRequired })
    .min(1, MESSAGES.loginRequired)
    .refine(withinBcryptLimit, MESSAGES.passwordTooLong),
});

export const signupBodySchema = z.object({ username: usernameSchema, email: emailSchema, password: passwordSchema });
export const forgotBodySchema = z.object({
  email: z
    .string({ error: MESSAGES.forgotRequired })
    .trim()
    .min(1, MESSAGES.forgotRequired)
    .max(254)
    .refine(...withoutControlCharacters("Email")),
});
export const resetBodySchema = z.object({ token: tokenSchema, newPassword: passwordSchema });
export const activateBodySchema = z.object({ token: tokenSchema });
export const resetTokenCheckBodySchema = z.object({ token: tokenSchema });
/** The mailed link that confirms a new e-mail address, and an invitation's. */
export const emailConfirmBodySchema = z.object({ token: tokenSchema });
export const invitationCheckBodySchema = z.object({ token: tokenSchema });
export const invitationAcceptBodySchema = z.object({ token: tokenSchema, password: passwordSchema });

// ---- Projects ----

const optionalLink = (field: string, allowRelative: boolean) =>
  z
    .union([z.string(), z.null()], { error: `${field} must be a URL.` })
    .optional()
    .transform((v) => (v == null || v.trim() === "" ? undefined : v.trim()))
    // Before the link check: URL parsing silently drops tabs and line breaks instead of refusing them.
    .refine((v) => v === undefined || !hasControlCharacters(v), {
      message: `${field} must not contain control characters.`,
    })
    .refine((v) => v === undefined || isProjectLink(v, allowRelative), {
      message: allowRelative
        ? `${field} must be an http(s) URL or a path starting with /.`
        : `${field} must be an http(s) URL.`,
    });

export const MAX_TAGS = 30;
/** The longest Markdown a project's page holds. */
export const MAX_LONG_DESCRIPTION = 20_000;

const tagsSchema = z
  .array(
    z
      .string({ error: "Each tag must be text." })
      .trim()
      .min(1, "Tags cannot be empty.")
      .max(40, "Each tag must be at most 40 characters.")
      .refine(...withoutControlCharacters("Tags")),
    {
      error: "Tags must be a list of text.",
    },
  )
  .max(MAX_TAGS, `A project can have at most ${MAX_TAGS} tags.`)
  .transform((tags) => [...new Set(tags)]);

const longDescriptionSchema = z
  .string({ error: "Long description must be text." })
  .max(MAX_LONG_DESCRIPTION, `Long description must be at most ${MAX_LONG_DESCRIPTION} characters.`)
  .refine(...withoutControlCharacters("Long description", true));

const projectFields = {
  title: z
    .string({ error: "Title is required." })
    .trim()
    .min(1, "Title is required.")
    .max(200, "Title must be at most 200 characters.")
    .refine(...withoutControlCharacters("Title")),
  description: z
    .string({ error: "Description is required." })
    .trim()
    .min(1, "Description is required.")
    .max(5000, "Description must be at most 5000 characters.")
    .refine(...withoutControlCharacters("Description", true)),
  github: optionalLink("Code link (github)", false),
  externalLink: optionalLink("Demo link (externalLink)", true),
  isArchived: z.boolean({ error: "isArchived must be true or false." }).default(false),
  isLatest: z.boolean({ error: "isLatest must be true or false." }).default(false),
  tags: tagsSchema.default([]),
  /** Absent: made from the title (unique with a suffix). */
  slug: slugSchema.optional(),
  longDescription: longDescriptionSchema.default(""),
  pictures: picturesSchema.default([]),
};

export const projectCreateSchema = z.object(projectFields);
export const projectUpdateSchema = z.object({
  title: projectFields.title.optional(),
  description: projectFields.description.optional(),
  github: projectFields.github,
  externalLink: projectFields.externalLink,
  isArchived: z.boolean({ error: "isArchived must be true or false." }).optional(),
  isLatest: z.boolean({ error: "isLatest must be true or false." }).optional(),
  tags: tagsSchema.optional(),
  slug: projectFields.slug,
  longDescription: longDescriptionSchema.optional(),
  pictures: picturesSchema.optional(),
  /** The version the editor loaded: when given and stale, the edit is refused (optimistic concurrency). */
  version: z
    .number({ error: "version must be a positive whole number." })
    .int("version must be a positive whole number.")
    .positive("version must be a positive whole number.")
    .max(MAX_DB_INTEGER, `version must be at most ${MAX_DB_INTEGER}.`)
    .optional(),
});

export type ProjectInput = z.output<typeof projectCreateSchema>;
export type ProjectPatch = z.output<typeof projectUpdateSchema>;

/** Tag editor rule: a tag is added only if non-empty and not already present. */
export function addTag(tags: readonly string[], candidate: string): string[] {
  const tag = candidate.trim();
  return tag === "" || tags.includes(tag) ? [...tags] : [...tags, tag];
}

// ---- Admin ----

export const permissionListSchema = z
  .array(z.string({ error: "Each permission must be text." }), { error: "permissions must be a list." })
  .max(100)
  .refine((list) => list.every(isKnownPermission), { message: "permissions contains an unknown permission." })
  .transform((list) => [...new Set(list)]);

export const userActivateSchema = z
  .object({ isActive: z.boolean({ error: "isActive must be true or false." }) })
  .strict();
export const userEditSchema = z.object({ username: usernameSchema, permissions: permissionListSchema }).strict();

/** Staff correct a user's address: it waits, pending, until its owner opens the link mailed to it. */
export const userEmailChangeSchema = z.object({ email: emailSchema }).strict();

/** Staff invite a user: a name, an address and what they will hold (a role's set or custom permissions). */
export const userInviteSchema = z
  .object({ username: usernameSchema, email: emailSchema, permissions: permissionListSchema })
  .strict();

/** PATCH /api/admin/users/{id} takes either isActive (true activates, false deactivates), or username and permissions. */
export function parseUserUpdate(body: unknown):
  | {
      success: true;
      data: { kind: "active"; isActive: boolean } | { kind: "edit"; username: string; permissions: string[] };
    }
  | { success: false; error: string } {
  const isActivation = typeof body === "object" && body !== null && "isActive" in body;
  const schema = isActivation ? userActivateSchema : userEditSchema;
  const result = schema.safeParse(body);
  if (!result.success) return { success: false, error: result.error.issues[0]?.message ?? "Invalid input." };
  return {
    success: true,
    data:
      "username" in result.data ? { kind: "edit", ...result.data } : { kind: "active", isActive: result.data.isActive },
  };
}

export const rolePermissionsSchema = z.object({
  permissions: permissionListSchema,
  /** Answer who would change (count and usernames) without changing anything. */
  dryRun: z.boolean({ error: "dryRun must be true or false." }).optional(),
});
