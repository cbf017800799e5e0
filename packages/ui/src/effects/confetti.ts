/** Confetti for the birthday easter egg; canvas-confetti is loaded only when it fires (its own chunk). */
import type { CreateTypes } from "canvas-confetti";

export const CONFETTI_DEFAULTS = { particleCount: 50, ticks: 200 } as const;

let instance: Promise<CreateTypes> | undefined;

export async function fireConfetti(): Promise<void> {
  instance ??= import("canvas-confetti").then(({ default: confetti }) =>
    // No worker: a blob: worker would need a looser Content-Security-Policy.
    confetti.create(undefined, { resize: true, useWorker: false }),
  );
  const fire = await instance;
  await fire({ ...CONFETTI_DEFAULTS, spread: 70, origin: { y: 0.6 } });
}
