/**
 * Work that outlives the answer it belongs to: express-rate-limit gives back a failed-login count (its
 * `decrement`) after the response has finished, so `server.close()` can resolve while that query is still
 * running. Every such piece of work is tracked here, and closing the core waits for it before the database
 * pool is destroyed: nothing ever runs against a closed database.
 */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  /** Runs `work` and keeps it tracked until it settles; returns its own promise (rejections pass through). */
  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const forget = () => this.running.delete(work);
    work.then(forget, forget);
    return work;
  }

  /** How many pieces of work are still running. */
  get size(): number {
    return this.running.size;
  }

  /** Resolves once everything tracked has settled, including work started while waiting. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
