/**
 * One small interface over Electron's safeStorage, whichever API the caller hands in: the async one
 * (Electron 45's `isAsyncEncryptionAvailable` / `encryptStringAsync` / `decryptStringAsync`, preferred)
 * or the older synchronous one (deprecated in Electron 45). Tests pass a fake with either shape.
 */

/** Linux only; `basic_text` means "encrypted" with a hard-coded key, i.e. plain text in practice. */
type Backend = () => string;

export interface SyncSafeStorage {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend?: Backend;
}

export interface AsyncSafeStorage {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
  getSelectedStorageBackend?: Backend;
}

export type SafeStorageLike = SyncSafeStorage | AsyncSafeStorage;

export interface Encryptor {
  /** True only when the OS keeps the key (Keychain, DPAPI, libsecret, KWallet). */
  isSecure(): Promise<boolean>;
  encrypt(plainText: string): Promise<Buffer>;
  /** `shouldReEncrypt`: the key was rotated; store the value again. */
  decrypt(encrypted: Buffer): Promise<{ value: string; shouldReEncrypt: boolean }>;
}

/** Backends under which a written secret is not protected by the OS ('unknown' = asked before app ready). */
const INSECURE_BACKENDS = new Set(["basic_text", "unknown"]);

export function encryptorFrom(storage: SafeStorageLike): Encryptor {
  const backendIsInsecure = () => {
    const backend = storage.getSelectedStorageBackend?.();
    return backend !== undefined && INSECURE_BACKENDS.has(backend);
  };
  if ("encryptStringAsync" in storage) {
    return {
      isSecure: async () => !backendIsInsecure() && (await storage.isAsyncEncryptionAvailable()),
      encrypt: (plainText) => storage.encryptStringAsync(plainText),
      decrypt: async (encrypted) => {
        const { result, shouldReEncrypt } = await storage.decryptStringAsync(encrypted);
        return { value: result, shouldReEncrypt };
      },
    };
  }
  return {
    isSecure: async () => !backendIsInsecure() && storage.isEncryptionAvailable(),
    encrypt: async (plainText) => storage.encryptString(plainText),
    decrypt: async (encrypted) => ({ value: storage.decryptString(encrypted), shouldReEncrypt: false }),
  };
}
