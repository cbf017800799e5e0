/**
 * Each project's fixed place in every Random order: FNV-1a of its id, below the prime 2^31 - 1. A seed
 * maps it through k -> (k * a + b) mod p, a different order per seed, the same on every page of one seed.
 */
export const SHUFFLE_PRIME = 2147483647;

export function shuffleKeyOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % SHUFFLE_PRIME;
}

/** The affine map of a seed (1 to p - 1): both factors are below p, so (k * a + b) stays below 2^62. */
export function shuffleMapOf(seed: number): { a: number; b: number } {
  return { a: seed, b: (seed * 16807) % SHUFFLE_PRIME };
}
