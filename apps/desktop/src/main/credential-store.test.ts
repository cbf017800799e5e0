import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeAsyncSafeStorage, fakeKeychain, fakeSyncSafeStorage } from "../test/fake-safe-storage.ts";
import { CONNECTION_FILE, openCredentialStore, TOKEN_FILE } from "./credential-store.ts";

const TOKEN = "dt_live_0123456789abcdefghijklmnopqrstuv";
const credential = { serverUrl: "https://portfolio.example", username: "owner", token: TOKEN };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "portfolio-credentials-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Every byte the store left in userData, to prove the token is not among them. */
function everythingOnDisk(): string {
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name)).toString("latin1"))
    .join("\n");
}

describe("with an OS-protected key (Keychain, DPAPI, libsecret, KWallet)", () => {
  it("writes the token encrypted: the file holds no readable token", async () => {
    const store = await openCredentialStore({ dir, safeStorage: fakeAsyncSafeStorage({ backend: "gnome_libsecret" }) });
    await store.save(credential);
    expect(readdirSync(dir).sort()).toEqual([CONNECTION_FILE, TOKEN_FILE]);
    expect(everythingOnDisk()).not.toContain(TOKEN);
  });

  it("reads the token back at the next launch without asking for the password", async () => {
    const keychain = fakeKeychain();
    const first = await openCredentialStore({ dir, safeStorage: fakeAsyncSafeStorage({ keychain }) });
    await first.save(credential);
    const next = await openCredentialStore({ dir, safeStorage: fakeAsyncSafeStorage({ keychain }) });
    expect(next.needsPasswordEachLaunch).toBe(false);
    expect(next.status()).toEqual({
      connection: { serverUrl: "https://portfolio.example", username: "owner" },
      hasToken: true,
      needsPasswordEachLaunch: false,
    });
    expect(await next.token()).toBe(TOKEN);
  });

  it("works the same with the older synchronous safeStorage API", async () => {
    const keychain = fakeKeychain();
    await (await openCredentialStore({ dir, safeStorage: fakeSyncSafeStorage({ keychain }) })).save(credential);
    expect(everythingOnDisk()).not.toContain(TOKEN);
    const next = await openCredentialStore({ dir, safeStorage: fakeSyncSafeStorage({ keychain }) });
    expect(await next.token()).toBe(TOKEN);
  });

  it("stores the token again when the OS rotated its key", async () => {
    const keychain = fakeKeychain();
    await (await openCredentialStore({ dir, safeStorage: fakeAsyncSafeStorage({ keychain }) })).save(credential);
    const before = readFileSync(join(dir, TOKEN_FILE));
    keychain.rotateOnNextDecrypt = true;
    const next = await openCredentialStore({ dir, safeStorage: fakeAsyncSafeStorage({ keychain }) });
    expect(await next.token()).toBe(TOKEN);
    expect(readFileSync(join(dir, TOKEN_FILE)).equals(before)).toBe(false);
    expect(keychain.encryptCalls).toBe(2);
  });

  it("asks to sign in again, losing nothing else, when the stored token can no longer be decrypted", async () => {
    await (await openCredentialStore({ dir, safeStorage: fakeAsyncSafeStorage() })).save(credential);
    // Another key: the OS keychain was reset.
    const next = await openCredentialStore({ dir, safeStorage: fakeAsyncSafeStorage() });
    expect(await next.token()).toBeNull();
    expect(next.status()).toMatchObject({ connection: { username: "owner" }, hasToken: false });
    expect(readdirSync(dir)).toEqual([CONNECTION_FILE]);
  });
});

describe("where only plain-text storage exists (docs/security.md, promise 20)", () => {
  it("never writes the token to disk under the basic_text backend, and keeps it in memory", async () => {
    const store = await openCredentialStore({ dir, safeStorage: fakeAsyncSafeStorage({ backend: "basic_text" }) });
    await store.save(credential);
    expect(store.needsPasswordEachLaunch).toBe(true);
    expect(readdirSync(dir)).toEqual([CONNECTION_FILE]);
    expect(everythingOnDisk()).not.toContain(TOKEN);
    expect(await store.token()).toBe(TOKEN);
  });

  it("asks for the password again at the next launch, remembering the server and username", async () => {
    await (await openCredentialStore({ dir, safeStorage: fakeAsyncSafeStorage({ backend: "basic_text" }) })).save(
      credential,
    );
    const next = await openCredentialStore({ dir, safeStorage: fakeAsyncSafeStorage({ backend: "basic_text" }) });
    expect(await next.token()).toBeNull();
    expect(next.status()).toEqual({
      connection: { serverUrl: "https://portfolio.example", username: "owner" },
      hasToken: false,
      needsPasswordEachLaunch: true,
    });
  });

  it("never writes the token when encryption is not available at all", async () => {
    const store = await openCredentialStore({ dir, safeStorage: fakeSyncSafeStorage({ available: false }) });
    await store.save(credential);
    expect(store.needsPasswordEachLaunch).toBe(true);
    expect(everythingOnDisk()).not.toContain(TOKEN);
  });

  it("never writes the token when the backend is not known yet (asked before the app was ready)", async () => {
    const store = await openCredentialStore({ dir, safeStorage: fakeAsyncSafeStorage({ backend: "unknown" }) });
    await store.save(credential);
    expect(readdirSync(dir)).toEqual([CONNECTION_FILE]);
  });
});

describe("what leaves the store", () => {
  it("its status, the only thing IPC may answer, never holds the token", async () => {
    const store = await openCredentialStore({ dir, safeStorage: fakeAsyncSafeStorage() });
    await store.save(credential);
    expect(JSON.stringify(store.status())).not.toContain(TOKEN);
  });

  it("a 401 drops the token and keeps the server and username for 'Sign in again'", async () => {
    const store = await openCredentialStore({ dir, safeStorage: fakeAsyncSafeStorage() });
    await store.save(credential);
    await store.forgetToken();
    expect(await store.token()).toBeNull();
    expect(readdirSync(dir)).toEqual([CONNECTION_FILE]);
    expect(store.status().connection).toEqual({ serverUrl: "https://portfolio.example", username: "owner" });
  });

  it("'Disconnect' forgets everything", async () => {
    const store = await openCredentialStore({ dir, safeStorage: fakeAsyncSafeStorage() });
    await store.save(credential);
    await store.clear();
    expect(readdirSync(dir)).toEqual([]);
    expect(store.status()).toEqual({ connection: null, hasToken: false, needsPasswordEachLaunch: false });
  });

  it("refuses a server URL that is not http(s), storing nothing", async () => {
    const store = await openCredentialStore({ dir, safeStorage: fakeAsyncSafeStorage() });
    await expect(store.save({ ...credential, serverUrl: "file:///etc/passwd" })).rejects.toThrow(
      "serverUrl: the server address must start with http:// or https://.",
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses an empty username, naming the field", async () => {
    const store = await openCredentialStore({ dir, safeStorage: fakeAsyncSafeStorage() });
    await expect(store.save({ ...credential, username: "" })).rejects.toThrow("username: the username is empty.");
  });

  it("ignores a damaged connection file", async () => {
    writeFileSync(join(dir, CONNECTION_FILE), "{not json");
    const store = await openCredentialStore({ dir, safeStorage: fakeAsyncSafeStorage() });
    expect(store.status().connection).toBeNull();
  });
});
