/**
 * Validates an operation's input, part by part, with the operation's own schemas: the first problem becomes a
 * 400 that names the field; unknown keys are refused on every call alike.
 */
import type { z } from "zod";
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

function parsePart(schema: z.ZodType | undefined, value: unknown, where: string): Record<string, unknown> {
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
  return {
    ...parsePart(spec.body, parts.body, "body"),
    ...parsePart(spec.query, parts.query, "query"),
    ...parsePart(spec.params, parts.params, "path"),
  };
}
