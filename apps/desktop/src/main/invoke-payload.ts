/**
 * The shape of a call on the `invoke` channel, checked before anything else runs (docs/security.md, promise 19). The
 * operation's own input is validated afterwards by its schema from the registry, inside dispatch.
 */
import { z } from "zod";
import type { InvokePayload } from "../shared/ipc-channel.ts";

const OPERATION_MESSAGE = "operation: must name an operation (a non-empty string of at most 100 characters).";

const payloadSchema = z.strictObject(
  {
    operation: z.string({ error: OPERATION_MESSAGE }).min(1, OPERATION_MESSAGE).max(100, OPERATION_MESSAGE),
    // Optional: an operation without input may be called as {operation}.
    input: z.unknown().optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `${issue.keys[0] ?? "key"}: unknown key; a call carries only operation and input.`
        : "The call must be an object {operation, input}.",
  },
);

export type ParsedPayload = { ok: true; payload: InvokePayload } | { ok: false; error: string };

export function parseInvokePayload(raw: unknown): ParsedPayload {
  const result = payloadSchema.safeParse(raw);
  if (!result.success) return { ok: false, error: result.error.issues[0]?.message ?? "The call is not valid." };
  return { ok: true, payload: { operation: result.data.operation, input: result.data.input } };
}
