/**
 * The desktop app's credential on a request: `Authorization: Bearer <device token>`. When present it alone
 * decides who is calling (the session cookie is ignored), so such a request can never ride on a browser's
 * cookie; and since browsers never add this header on their own, nor let a page add it cross-site without
 * a CORS preflight this server never grants, it needs no CSRF origin check.
 */
import type { Request } from "express";

const BEARER = /^Bearer[ \t]+(\S*)[ \t]*$/i;

/** The token of an `Authorization: Bearer` header ("" if it is empty), or undefined without one. */
export function bearerToken(req: Request): string | undefined {
  const header = req.get("authorization");
  if (header === undefined) return undefined;
  return BEARER.exec(header)?.[1];
}
