/** Validates untrusted input against a schema, turning the first problem into an Invalid (400) error. */
import type { z } from "zod";
import { Invalid } from "../domain/errors.ts";

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new Invalid("The request body must be a JSON object.");
  }
  const result = schema.safeParse(input);
  if (!result.success) throw new Invalid(result.error.issues[0]?.message ?? "Invalid input.");
  return result.data;
}
