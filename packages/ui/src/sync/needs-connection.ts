/**
 * The desktop app answers a call that only the server can serve, while it cannot reach the server, with
 * a 503 flagged `details.needsConnection` (see apps/desktop). The admin panel shows 'Needs a connection'
 * for it instead of an error; the web never gets this answer, so nothing changes there.
 */
import { ApiError } from "@portfolio/core/operations/client";

export const NEEDS_CONNECTION = {
  title: "Needs a connection",
  explanation:
    "This part of the admin panel lives on the server, and the server cannot be reached right now. Your projects and site profile still work offline.",
} as const;

export function needsConnection(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503 && error.details.needsConnection === true;
}

/**
 * The desktop app working locally ('Work locally': no server at all) flags the same answer `noServer`:
 * waiting to be online would not help there, so the panel says the part needs a connected server.
 */
export function needsServer(error: unknown): boolean {
  return needsConnection(error) && error instanceof ApiError && error.details.noServer === true;
}
