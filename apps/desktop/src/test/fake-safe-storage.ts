/**
 * Stand-ins for Electron's safeStorage (an outer edge: the OS keychain). They really encrypt, with
 * AES-256-GCM under a key held in memory, so a test can check that no token is readable on disk.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { AsyncSafeStorage, SyncSafeStorage } from "../main/safe-storage.ts";

type Backend = "basic_text" | "gnome_libsecret" | "kwallet6" | "unknown";

function cipher(key: Buffer) {
  return {
    encrypt(plainText: string): Buffer {
      const iv = randomBytes(12);
      const c = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([c.update(plainText, "utf8"), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decrypt(encrypted: Buffer): string {
      const d = createDecipheriv("aes-256-gcm", key, encrypted.subarray(0, 12));
      d.setAuthTag(encrypted.subarray(12, 28));
      return Buffer.concat([d.update(encrypted.subarray(28)), d.final()]).toString("utf8");
    },
  };
}

export interface FakeKeychain {
  key: Buffer;
  /** Make the next decrypt report a rotated key. */
  rotateOnNextDecrypt: boolean;
  encryptCalls: number;
}

export function fakeKeychain(): FakeKeychain {
  return { key: randomBytes(32), rotateOnNextDecrypt: false, encryptCalls: 0 };
}

export function fakeAsyncSafeStorage(
  options: { backend?: Backend; available?: boolean; keychain?: FakeKeychain } = {},
): AsyncSafeStorage {
  const keychain = options.keychain ?? fakeKeychain();
  const backend = options.backend;
  return {
    isAsyncEncryptionAvailable: async () => options.available ?? true,
    encryptStringAsync: async (plainText) => {
      keychain.encryptCalls += 1;
      return cipher(keychain.key).encrypt(plainText);
    },
    decryptStringAsync: async (encrypted) => {
      const shouldReEncrypt = keychain.rotateOnNextDecrypt;
      keychain.rotateOnNextDecrypt = false;
      return { result: cipher(keychain.key).decrypt(encrypted), shouldReEncrypt };
    },
    ...(backend ? { getSelectedStorageBackend: () => backend } : {}),
  };
}

export function fakeSyncSafeStorage(
  options: { backend?: Backend; available?: boolean; keychain?: FakeKeychain } = {},
): SyncSafeStorage {
  const keychain = options.keychain ?? fakeKeychain();
  const backend = options.backend;
  return {
    isEncryptionAvailable: () => options.available ?? true,
    encryptString: (plainText) => {
      keychain.encryptCalls += 1;
      return cipher(keychain.key).encrypt(plainText);
    },
    decryptString: (encrypted) => cipher(keychain.key).decrypt(encrypted),
    ...(backend ? { getSelectedStorageBackend: () => backend } : {}),
  };
}
