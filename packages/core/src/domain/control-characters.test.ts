/**
 * Every text field refuses null bytes and control characters with a message naming the field; only
 * multi-line fields (a project's description) keep tabs and line breaks.
 */
import { describe, expect, it } from "vitest";
import { auditQuerySchema } from "./audit-query.ts";
import { siteProfileSchema } from "./site-profile-schema.ts";
import { twitchCallbackSchema } from "./twitch.ts";
import {
  activateBodySchema,
  firstError,
  forgotBodySchema,
  loginBodySchema,
  projectCreateSchema,
  projectUpdateSchema,
  resetBodySchema,
  signupBodySchema,
  userEditSchema,
} from "./validation.ts";

/** NUL, other C0 controls, DEL, a C1 control (U+0085, "next line") and both halves of a lone surrogate. */
const CONTROLS = ["\u0000", "\u0007", "\u001b", "\u007f", "\u0085", "\ud800", "\udfff"];
const BREAKS = ["\t", "\n", "\r"];

const signup = { username: "alice", email: "alice@example.com", password: "secret-1" };
const project = { title: "Widget", description: "A widget." };
const profile = {
  ownerName: "Ada",
  birthDate: "2000-01-01",
  businessEmail: "ada@example.com",
  socialLinks: [{ name: "GitHub", url: "https://github.com/ada", handle: "@ada" }],
  streamingSiteUrl: "https://twitch.tv/ada",
  tagline: "Builder of things",
};

const cases: [string, (bad: string) => [Parameters<typeof firstError>[0], unknown], string][] = [
  ["a sign-up username", (c) => [signupBodySchema, { ...signup, username: `ali${c}ce` }], "Username"],
  ["a sign-up email", (c) => [signupBodySchema, { ...signup, email: `alice${c}@example.com` }], "Email"],
  ["a login username", (c) => [loginBodySchema, { username: `own${c}er`, password: "secret-1" }], "Username"],
  ["a forgot-password email", (c) => [forgotBodySchema, { email: `a${c}@example.com` }], "Email"],
  ["an activation token", (c) => [activateBodySchema, { token: `abc${c}def` }], "Token"],
  ["a reset token", (c) => [resetBodySchema, { token: `abc${c}def`, newPassword: "secret-1" }], "Token"],
  ["a user edit's username", (c) => [userEditSchema, { username: `bo${c}b`, permissions: [] }], "Username"],
  ["a project title", (c) => [projectCreateSchema, { ...project, title: `Wid${c}get` }], "Title"],
  ["a project title edit", (c) => [projectUpdateSchema, { title: `Wid${c}get` }], "Title"],
  ["a project tag", (c) => [projectCreateSchema, { ...project, tags: ["React", `Ty${c}pe`] }], "Tags"],
  [
    "a project code link",
    (c) => [projectCreateSchema, { ...project, github: `https://github.com/a${c}b` }],
    "Code link (github)",
  ],
  [
    "a project demo link",
    (c) => [projectCreateSchema, { ...project, externalLink: `/wid${c}get` }],
    "Demo link (externalLink)",
  ],
  ["a profile display name", (c) => [siteProfileSchema, { ...profile, ownerName: `A${c}da` }], "Display name"],
  [
    "a profile business email",
    (c) => [siteProfileSchema, { ...profile, businessEmail: `ada${c}@example.com` }],
    "Business email",
  ],
  ["a profile tagline", (c) => [siteProfileSchema, { ...profile, tagline: `Builder${c}of things` }], "Tagline"],
  [
    "a social link handle",
    (c) => [siteProfileSchema, { ...profile, socialLinks: [{ ...profile.socialLinks[0], handle: `@a${c}da` }] }],
    "Social link handle",
  ],
  [
    "a social link URL",
    (c) => [
      siteProfileSchema,
      { ...profile, socialLinks: [{ ...profile.socialLinks[0], url: `https://github.com/a${c}da` }] },
    ],
    "Social link URL",
  ],
  [
    "the streaming site URL",
    (c) => [siteProfileSchema, { ...profile, streamingSiteUrl: `https://twitch.tv/a${c}da` }],
    "Streaming site URL",
  ],
  ["an audit log actor filter", (c) => [auditQuerySchema, { actor: `ow${c}ner` }], "actor"],
  [
    "a Twitch callback's user agent",
    (c) => [twitchCallbackSchema, { accessToken: "abc", userAgent: `Mozilla${c}5.0` }],
    "userAgent",
  ],
  [
    "a Twitch callback's referrer",
    (c) => [twitchCallbackSchema, { accessToken: "abc", referrer: `https://id.twitch.tv/a${c}b` }],
    "referrer",
  ],
];

describe("control characters in text fields", () => {
  it("accepts every case's valid baseline", () => {
    expect(firstError(signupBodySchema, signup)).toBeNull();
    expect(firstError(projectCreateSchema, project)).toBeNull();
    expect(firstError(siteProfileSchema, profile)).toBeNull();
  });

  describe.each(cases)("in %s", (_label, build, field) => {
    it.each(CONTROLS.map((c) => [JSON.stringify(c), c]))(
      `refuses %s with '${field} must not contain control characters.'`,
      (_name, control) => {
        const [schema, input] = build(control);
        expect(firstError(schema, input)).toBe(`${field} must not contain control characters.`);
      },
    );

    it.each(BREAKS.map((c) => [JSON.stringify(c), c]))("refuses a %s inside a one-line field", (_name, control) => {
      const [schema, input] = build(control);
      expect(firstError(schema, input)).toBe(`${field} must not contain control characters.`);
    });
  });

  it("keeps tabs and line breaks in a project description, a multi-line field", () => {
    const result = projectCreateSchema.safeParse({ ...project, description: "Line one\n\tLine two\r\nLine three" });
    expect(result.success).toBe(true);
    expect(result.data?.description).toBe("Line one\n\tLine two\r\nLine three");
  });

  it.each(CONTROLS.map((c) => [JSON.stringify(c), c]))(
    "refuses %s in a project description with 'Description must not contain control characters.'",
    (_name, control) => {
      expect(firstError(projectCreateSchema, { ...project, description: `A${control}widget.` })).toBe(
        "Description must not contain control characters.",
      );
      expect(firstError(projectUpdateSchema, { description: `A${control}widget.` })).toBe(
        "Description must not contain control characters.",
      );
    },
  );

  it("still trims surrounding white space, line breaks included, before checking", () => {
    const result = projectCreateSchema.safeParse({ ...project, title: "  Widget\n" });
    expect(result.data?.title).toBe("Widget");
  });

  it("leaves ordinary Unicode alone (accents, emoji, non-Latin scripts)", () => {
    expect(firstError(projectCreateSchema, { title: "Café 🚀 日本語", description: "Ünïcödé — fine" })).toBeNull();
    expect(firstError(siteProfileSchema, { ...profile, ownerName: "Zoë Ørsted" })).toBeNull();
  });
});
