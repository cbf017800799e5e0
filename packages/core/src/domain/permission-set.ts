/** Set equality of two permission lists, on its own so the policy's logged-out answer needs no role tables. */
export function samePermissionSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((p) => right.has(p));
}
