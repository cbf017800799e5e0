/**
 * The sync credential (docs/security.md, promise 20): the device token lives in the main process only. Where the OS
 * protects safeStorage's key it is written encrypted to a file in userData; where it does not
 * (`basic_text` on Linux, or no encryption at all) it is never written, only kept in memory, and the app
 * asks for the password at each launch. The server URL and username are not secret and are always kept,
 * so that prompt asks for the password alone.
 *
 * There is deliberately no way to hand the token to the renderer: `status()` is what IPC may answer,
 * `token()` is for the sync engine in main.
 */
import { access, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Invalid } from "@portfolio/core/domain";
import { z } from "zod";
import { type Encryptor, encryptorFrom, type SafeStorageLike } from "./safe-storage.ts";

export const TOKEN_FILE = "sync-token.bin";
export const CONNECTION_FILE = "sync-connection.json";

export interface ConnectionInfo {
  serverUrl: string;
  username: string;
}

export interface SyncCredential extends ConnectionInfo {
  token: string;
}

/** What the renderer may know about the credential: never the token itself. */
export interface CredentialStatus {
  connection: ConnectionInfo | null;
  hasToken: boolean;
  needsPasswordEachLaunch: boolean;
}

export interface CredentialStore {
  /** Decided once when the store opens: whether the token may be written to disk. */
  readonly needsPasswordEachLaunch: boolean;
  save(credential: SyncCredential): Promise<void>;
  /** For the sync engine in main only; null when signed out or the stored token cannot be read. */
  token(): Promise<string | null>;
  status(): CredentialStatus;
  /** A 401 from the server: drop the token, keep the server and username for 'Sign in again'. */
  forgetToken(): Promise<void>;
  /** 'Disconnect': forget everything. */
  clear(): Promise<void>;
}

const connectionSchema = z.object({
  serverUrl: z.url({
    protocol: /^https?$/,
    error: "serverUrl: the server address must start with http:// or https://.",
  }),
  username: z.string().min(1, "username: the username is empty."),
});

export async function openCredentialStore(options: {
  dir: string;
  safeStorage: SafeStorageLike;
}): Promise<CredentialStore> {
  const encryptor: Encryptor = encryptorFrom(options.safeStorage);
  const tokenPath = join(options.dir, TOKEN_FILE);
  const connectionPath = join(options.dir, CONNECTION_FILE);
  const secure = await encryptor.isSecure();

  let connection = await readConnection(connectionPath);
  let memoryToken: string | null = null;
  let tokenOnDisk = secure && (await exists(tokenPath));

  const forgetToken = async () => {
    memoryToken = null;
    tokenOnDisk = false;
    await rm(tokenPath, { force: true });
  };

  return {
    needsPasswordEachLaunch: !secure,

    async save(credential) {
      const parsed = connectionSchema.safeParse({ serverUrl: credential.serverUrl, username: credential.username });
      if (!parsed.success) throw new Invalid(parsed.error.issues[0]?.message ?? "The connection is not valid.");
      const info = parsed.data;
      await writeAtomically(connectionPath, `${JSON.stringify(info)}\n`);
      connection = info;
      if (secure) {
        await writeAtomically(tokenPath, await encryptor.encrypt(credential.token));
        tokenOnDisk = true;
      }
      memoryToken = credential.token;
    },

    async token() {
      if (memoryToken !== null || !tokenOnDisk) return memoryToken;
      try {
        const { value, shouldReEncrypt } = await encryptor.decrypt(await readFile(tokenPath));
        if (shouldReEncrypt) await writeAtomically(tokenPath, await encryptor.encrypt(value));
        memoryToken = value;
        return value;
      } catch {
        // The OS key changed or the file is damaged: the user signs in again; nothing else is lost.
        await forgetToken();
        return null;
      }
    },

    status() {
      return {
        connection: connection ? { ...connection } : null,
        hasToken: memoryToken !== null || tokenOnDisk,
        needsPasswordEachLaunch: !secure,
      };
    },

    forgetToken,

    async clear() {
      await forgetToken();
      connection = null;
      await rm(connectionPath, { force: true });
    },
  };
}

async function readConnection(path: string): Promise<ConnectionInfo | null> {
  try {
    const parsed = connectionSchema.safeParse(JSON.parse(await readFile(path, "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** Write then rename, so a crash leaves the old file or the new one, never half of one; owner-only. */
async function writeAtomically(path: string, data: string | Buffer): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, data, { mode: 0o600 });
  await rename(temporary, path);
}
