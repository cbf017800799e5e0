/**
 * Whether one beacon is counted (docs/design.md section 10), in the order the checks run. Nothing is counted
 * when the browser asks not to be tracked (`Sec-GPC: 1`, `DNT: 1`), for bots (the isbot list) and load
 * balancers' health checks, for signed-in staff (their own looking around is not a visit), for the admin
 * panel, or while the owner has counting off.
 */
import { isbot } from "isbot";
import { isCountedPath } from "../../domain/visits.ts";

export interface VisitFacts {
  /** The client's address as the server sees it (behind TRUST_PROXY, the forwarded one); hashed, never kept. */
  address: string;
  userAgent: string;
  /** `Sec-GPC: 1` or `DNT: 1` came with the beacon. */
  optedOut: boolean;
  /** The beacon came with the session of someone who may open the admin panel. */
  staff: boolean;
}

export type VisitDecision = "counted" | "opted-out" | "bot" | "staff" | "not-a-page" | "off" | "limited";

/** Health checkers and uptime monitors that isbot's list may not name (and an empty agent, which no browser sends). */
const HEALTH_CHECKS = /health-?check|kube-probe|uptime|pingdom|statuscake|monitor|^$/i;

export function visitRefusal(
  facts: VisitFacts,
  path: string,
  countingOn: boolean,
): Exclude<VisitDecision, "counted" | "limited"> | null {
  if (!countingOn) return "off";
  if (facts.optedOut) return "opted-out";
  if (isbot(facts.userAgent) || HEALTH_CHECKS.test(facts.userAgent.trim())) return "bot";
  if (facts.staff) return "staff";
  if (!isCountedPath(path)) return "not-a-page";
  return null;
}
