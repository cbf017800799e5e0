/**
 * The label a request is counted and logged under: the registry's operation name (the same routes the HTTP
 * adapter mounts, matched in the same order), else one of a few fixed names. A path nobody declared never
 * becomes a label of its own, so the number of series stays bounded whatever callers send.
 */
import { OPERATION_NAMES, operations } from "@portfolio/core/domain";
import { CAT_PICTURES } from "../create-tools.ts";

/** An /api path that no operation declares. */
export const UNMATCHED = "unmatched";
/** Anything outside /api: the static site export (pages, assets, its 404). */
export const SITE = "site";
export const METRICS = "metrics";
/** The cat of the day's pictures: a redirect and the fallback illustrations, served beside the operations. */
export const CAT_PICTURE = "cat.picture";

interface Route {
  label: string;
  method: string;
  pattern: RegExp;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

/** `/api/projects/{id}` → a pattern of one path segment per parameter, as Express matches (any case, optional trailing slash). */
function pattern(path: string): RegExp {
  const source = path
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? "[^/]+" : escapeRegExp(part)))
    .join("");
  return new RegExp(`^${source}/?$`, "i");
}

const ROUTES: Route[] = [
  { label: CAT_PICTURE, method: "GET", pattern: pattern(`${CAT_PICTURES.fallback}/{file}`) },
  { label: CAT_PICTURE, method: "GET", pattern: pattern(CAT_PICTURES.image) },
  ...OPERATION_NAMES.map((name) => ({
    label: name,
    method: operations[name].method,
    pattern: pattern(operations[name].path),
  })),
];

export function operationLabel(method: string | undefined, url: string | undefined): string {
  const path = (url ?? "/").split("?", 1)[0] ?? "/";
  if (!/^\/api(\/|$)/i.test(path)) return path === "/metrics" ? METRICS : SITE;
  // Express answers HEAD with the GET route.
  const verb = method === "HEAD" ? "GET" : method;
  return ROUTES.find((route) => route.method === verb && route.pattern.test(path))?.label ?? UNMATCHED;
}
