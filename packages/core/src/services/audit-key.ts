/**
 * The audit chain's key: AUDIT_KEY when set, else a key file created once with mode 0600. It is
 * never stored in the database: a copy of the database alone can neither forge nor re-chain the log, so the
 * key (or its file) must be backed up apart from the database.
 */
import { existsSync } from "node:fs";
import { readOrCreateKeyFile } from "./key-file.ts";

export const MIN_AUDIT_KEY_LENGTH = 16;

export interface AuditKeySource {
  /** AUDIT_KEY: wins over the file (several instances on PostgreSQL must share one key). */
  key: string | undefined;
  /** Where the key is kept when AUDIT_KEY is unset; created on the first start. */
  file: string;
  /** False where a missing key is an error (the verify command): a new key would find every entry broken. */
  create?: boolean;
}

export function loadAuditKey(source: AuditKeySource, log?: (line: string) => void): string {
  if (source.key !== undefined) {
    if (source.key.length < MIN_AUDIT_KEY_LENGTH) {
      throw new Error(
        `AUDIT_KEY must be at least ${MIN_AUDIT_KEY_LENGTH} characters long (e.g. the output of: openssl rand -base64 32).`,
      );
    }
    return source.key;
  }
  if (source.create === false && !existsSync(source.file)) {
    throw new Error(`No audit key: set AUDIT_KEY, or run this where the server keeps ${source.file}.`);
  }
  const { key, created } = readOrCreateKeyFile(source.file, "audit key");
  if (created) log?.(`Created the audit log's key in ${source.file}: back it up apart from the database.`);
  return key;
}
