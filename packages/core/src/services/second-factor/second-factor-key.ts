/**
 * The second factors' key: SECOND_FACTOR_KEY when set, else a key file made once beside the database with mode
 * 0600, as the audit key is. Authenticator secrets and recovery codes are always sealed under it, so a copy of
 * the database or a backup alone gives neither away; the key must be kept apart from both (docs/security.md:
 * the database holder).
 */
import { readOrCreateKeyFile } from "../key-file.ts";

export interface SecondFactorKeySource {
  /** SECOND_FACTOR_KEY: wins over the file (instances sharing one PostgreSQL database must share one key). */
  key: string | undefined;
  /** Where the key is kept when SECOND_FACTOR_KEY is unset; made on the first start. */
  file: string;
}

export function loadSecondFactorKey(source: SecondFactorKeySource, log?: (line: string) => void): string {
  if (source.key !== undefined) return source.key;
  const { key, created } = readOrCreateKeyFile(source.file, "second factors' key");
  log?.(
    `SECOND_FACTOR_KEY is not set: authenticator secrets and recovery codes are sealed with the key ${
      created ? "just written to" : "in"
    } ${source.file}. Back it up apart from the database and its backups; instances sharing a database must share one SECOND_FACTOR_KEY.`,
  );
  return key;
}
