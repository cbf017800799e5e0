/**
 * Validates an operation's input, part by part, with the operation's own schemas: the first problem becomes a
 * 400 that names the field; unknown keys are refused on every call alike.
 */
import type { z } from "zod";
import { hasControlCharacters } from "../control-characters.ts";
import { Invalid } from "../errors.ts";
import type { InputParts, OperationSpec } from "./define.ts";

const NOT_AN_OBJECT = "The request body must be a JSON object.";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

type Issue = z.core.$ZodIssue;

/** For a body that may take one of several shapes, the shape the caller came closest to is the one they meant. */
function closestBranch(issue: z.core.$ZodIssueInvalidUnion): Issue | undefined {
  const branches = issue.errors.filter((branch) => branch.length > 0);
  branches.sort((a, b) => a.length - b.length);
  return branches[0]?.[0];
}

function describeIssue(issue: Issue | undefined, where: string): string {
  if (!issue) return "Invalid input.";
  // A union with its own message (e.g. "scope must be a list...") says it best; otherwise the closest branch.
  if (issue.code === "invalid_union")
    return issue.message !== "Invalid input" ? issue.message : describeIssue(closestBranch(issue), where);
  if (issue.code === "unrecognized_keys") return `Unknown ${where} field: ${issue.keys.join(", ")}.`;
  return issue.message;
}

function firstIssue(error: z.ZodError, where: string): string {
  return describeIssue(error.issues[0], where);
}

/**
 * A path segment or query value is text whatever the schema makes of it (a number, a UUID, an ignored key):
 * none may carry a control character, which PostgreSQL refuses with an error where SQLite would store it.
 */
function refuseControlCharacters(value: unknown, where: string): void {
  if (!isPlainObject(value)) return;
  for (const [key, item] of Object.entries(value)) {
    const texts = Array.isArray(item) ? item : [item];
    if (hasControlCharacters(key) || texts.some((text) => typeof text === "string" && hasControlCharacters(text)))
      throw new Invalid(
        `The ${where} field ${key.replace(/[\p{Cc}\p{Cs}]/gu, "?")} must not contain control characters.`,
      );
  }
}

function parsePart(schema: z.ZodType | undefined, value: unknown, where: string): Record<string, unknown> {
  if (where !== "body") refuseControlCharacters(value, where);
  const empty = value === undefined || (isPlainObject(value) && Object.keys(value).length === 0);
  if (!schema) {
    if (empty) return {};
    const keys = isPlainObject(value) ? Object.keys(value).join(", ") : "";
    throw new Invalid(keys ? `Unknown ${where} field: ${keys}.` : `This call takes no ${where}.`);
  }
  if (where === "body" && !isPlainObject(value)) throw new Invalid(NOT_AN_OBJECT);
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new Invalid(firstIssue(result.error, where));
  return result.data as Record<string, unknown>;
}

export function parseOperationInput(spec: OperationSpec, parts: InputParts): Record<string, unknown> {
  // The path first: a call on a row that cannot exist is answered for that, whatever its body says.
  const params = parsePart(spec.params, parts.params, "path");
  const query = parsePart(spec.query, parts.query, "query");
  return { ...parsePart(spec.body, parts.body, "body"), ...query, ...params };
}
