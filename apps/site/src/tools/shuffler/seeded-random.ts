/**
 * A small seeded pseudo-random source (mulberry32): the same seed always gives the same sequence, so a
 * shuffle can be reproduced from a share link. Seeds are unsigned 32-bit numbers, written in base 36 in URLs.
 */

export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A fresh random seed (from the browser's cryptographic source when there is one). */
export function newSeed(): number {
  const crypto = globalThis.crypto;
  if (crypto?.getRandomValues) return crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
  return Math.floor(Math.random() * 4_294_967_296) >>> 0;
}

export function encodeSeed(seed: number): string {
  return (seed >>> 0).toString(36);
}

/** The seed a URL carries, or null when the text is not one. */
export function decodeSeed(text: string | null | undefined): number | null {
  if (!text || !/^[0-9a-z]{1,7}$/i.test(text)) return null;
  const value = Number.parseInt(text, 36);
  return Number.isSafeInteger(value) && value <= 0xffff_ffff ? value : null;
}
