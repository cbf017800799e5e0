/**
 * A database handle over an open transaction whose own `transaction()` joins it instead of failing.
 *
 * The services open their own transaction (`core.db.transaction().execute(...)`), and Kysely refuses a
 * transaction inside a transaction. A sync op must apply through those same services AND record its
 * `sync_ops` row atomically with the change, so a replay after a crash never applies it twice. Handing the
 * services a core whose `db` is this handle runs their work inside the op's transaction.
 */
import type { Kysely, Transaction } from "kysely";

/** What a service may chain on `db.transaction()`: an isolation level (already chosen by the outer one), then run. */
interface JoinedTransactionBuilder<DB> {
  setIsolationLevel(level: string): JoinedTransactionBuilder<DB>;
  setAccessMode(mode: string): JoinedTransactionBuilder<DB>;
  execute<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T>;
}

export function joinedTransaction<DB>(trx: Transaction<DB>): Kysely<DB> {
  const builder: JoinedTransactionBuilder<DB> = {
    setIsolationLevel: () => builder,
    setAccessMode: () => builder,
    execute: (fn) => fn(trx),
  };
  return new Proxy(trx, {
    get(target, property) {
      if (property === "transaction") return () => builder;
      // Kysely keeps its state in private fields: its methods must run on the real object, not the proxy.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
