import { describe, expect, it } from "vitest";
import { InFlight } from "./in-flight.ts";

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe("InFlight", () => {
  it("settles at once when nothing runs", async () => {
    await expect(new InFlight().settled()).resolves.toBeUndefined();
  });

  it("waits for tracked work, including work started while waiting", async () => {
    const inFlight = new InFlight();
    const first = deferred();
    const second = deferred();
    inFlight.track(first.promise);
    let done = false;
    const settled = inFlight.settled().then(() => {
      done = true;
    });
    inFlight.track(second.promise);
    first.resolve();
    await first.promise;
    await Promise.resolve();
    expect(done).toBe(false);
    second.resolve();
    await settled;
    expect(done).toBe(true);
    expect(inFlight.size).toBe(0);
  });

  it("forgets work that failed, and passes the failure to whoever awaits it", async () => {
    const inFlight = new InFlight();
    const work = deferred();
    const tracked = inFlight.track(work.promise);
    work.reject(new Error("boom"));
    await expect(tracked).rejects.toThrow("boom");
    await inFlight.settled();
    expect(inFlight.size).toBe(0);
  });
});
