/**
 * The public reads' registry entries (docs/performance.md, "The public reads"): the registry (registry.ts)
 * lists these very objects, and the public reads' own runner (operations/public-reads.ts) reads them here, so
 * a start answers GET /api/hello, /api/projects and /api/settings/profile without building every other
 * operation's schemas (docs/performance.md, "Start").
 */
import { PROJECTS_PAGE_DEFAULT, PROJECTS_PAGE_MAX } from "../projects-paging.ts";
import { projectsQuerySchema } from "../projects-query.ts";
import type { OperationSpec } from "./define.ts";
import { messageResult, projectsResult, siteProfileResult } from "./public-results.ts";

export const publicReadOperations = {
  hello: {
    method: "GET",
    path: "/api/hello",
    summary: "A friendly message for whoever finds it.",
    action: "public",
    result: messageResult,
    statuses: [304],
    cache: "shared",
  },
  "projects.list": {
    method: "GET",
    path: "/api/projects",
    summary: "Every project (public; cached, with ETag); or one page of them in a sort the site offers.",
    description:
      "Without query parameters: every project, oldest first (the spec's answer, served from memory with an " +
      "ETag), sensible up to a few hundred projects; past that the site pages. With any of limit, cursor, sort " +
      `or seed: at most \`limit\` projects (default ${PROJECTS_PAGE_DEFAULT}, at most ${PROJECTS_PAGE_MAX}) sorted by the ` +
      "database over the whole list: `sort` random (by `seed`, 1 to 2147483646: one seed gives one order on " +
      "every page), az (title, any case) or status (the latest, then the others, then the archived ones, each " +
      "by title); without it oldest first. The answer adds `next` (pass it as `cursor` for the following page, " +
      "null on the last), `total`, `latestId` (the one project that counts as latest) and `lastSeen` (what " +
      "'Last seen working on' names).",
    action: "public",
    query: projectsQuerySchema.strict(),
    result: projectsResult,
    statuses: [304],
    cache: "shared",
  },
  "profile.get": {
    method: "GET",
    path: "/api/settings/profile",
    summary: "The owner's public profile (name, birth date, e-mail, links).",
    action: "public",
    result: siteProfileResult,
    statuses: [304],
    cache: "shared",
  },
} as const satisfies Record<string, OperationSpec>;

export type PublicReadName = keyof typeof publicReadOperations;
