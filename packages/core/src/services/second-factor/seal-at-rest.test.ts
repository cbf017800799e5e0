/**
 * What an earlier version stored in the clear is sealed at start, and nothing in the clear is ever used
 * (docs/security.md: the database holder). Runs on SQLite and, with TEST_DATABASE=postgres, on PostgreSQL.
 */
import { createHash } from "node:crypto";
import { createTestCore, TEST_SECOND_FACTOR_KEY, type TestCore } from "@portfolio/testing/core/test-core.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bootstrap } from "../bootstrap.ts";
import { acceptTotpCode, useRecoveryCode } from "./factors.ts";
import { keyOpensStoredSecrets, sealSecondFactorsAtRest } from "./seal-at-rest.ts";
import { openTotpSecret } from "./secret-box.ts";
import { base32Encode, totpCode } from "./totp.ts";

const SECRET = base32Encode(Buffer.from("0123456789abcdefghij"));
// A code as an earlier version drew it (31 letters, two groups) and stored it: its bare SHA-256.
const OLD_CODE = "abcde-fghjk";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

let core: TestCore;
let userId: string;
beforeEach(async () => {
  core = await createTestCore();
  await bootstrap(core, { username: "owner", email: "owner@example.com", password: "owner-password-1" });
  userId = (await core.db.selectFrom("users").select("id").executeTakeFirstOrThrow()).id;
});
afterEach(async () => {
  await core.close();
});

async function storeAsEarlierVersions() {
  const at = core.now().toISOString();
  await core.db
    .insertInto("user_totp")
    .values({ user_id: userId, secret: SECRET, confirmed_at: at, created_at: at })
    .execute();
  await core.db
    .insertInto("recovery_codes")
    .values({ id: "code-1", user_id: userId, code_hash: sha256("abcdefghjk"), created_at: at })
    .execute();
}

describe("sealing second factors at rest", () => {
  it("encrypts an authenticator secret stored as is, and its codes still work", async () => {
    await storeAsEarlierVersions();
    expect(await sealSecondFactorsAtRest(core.db, TEST_SECOND_FACTOR_KEY)).toEqual({ secrets: 1, recoveryCodes: 1 });
    const row = await core.db.selectFrom("user_totp").select("secret").executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1\./);
    expect(row.secret).not.toContain(SECRET);
    expect(openTotpSecret(row.secret, TEST_SECOND_FACTOR_KEY, userId)).toBe(SECRET);
    expect(await acceptTotpCode(core, core.db, userId, totpCode(SECRET, core.now()))).toBe(true);
  });

  it("wraps a recovery code's bare SHA-256 in the keyed HMAC, and the old code still works once", async () => {
    await storeAsEarlierVersions();
    await sealSecondFactorsAtRest(core.db, TEST_SECOND_FACTOR_KEY);
    const row = await core.db.selectFrom("recovery_codes").select("code_hash").executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^h1\.[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(sha256("abcdefghjk"));
    expect(await useRecoveryCode(core, core.db, userId, OLD_CODE.toUpperCase())).toBe(true);
    expect(await useRecoveryCode(core, core.db, userId, OLD_CODE)).toBe(false);
  });

  it("finds nothing to seal the second time", async () => {
    await storeAsEarlierVersions();
    await sealSecondFactorsAtRest(core.db, TEST_SECOND_FACTOR_KEY);
    const sealed = await core.db.selectFrom("user_totp").select("secret").executeTakeFirstOrThrow();
    expect(await sealSecondFactorsAtRest(core.db, TEST_SECOND_FACTOR_KEY)).toEqual({ secrets: 0, recoveryCodes: 0 });
    expect((await core.db.selectFrom("user_totp").select("secret").executeTakeFirstOrThrow()).secret).toBe(
      sealed.secret,
    );
  });

  it("never accepts a code from a secret or a recovery code stored in the clear", async () => {
    await storeAsEarlierVersions();
    expect(await acceptTotpCode(core, core.db, userId, totpCode(SECRET, core.now()))).toBe(false);
    expect(await useRecoveryCode(core, core.db, userId, OLD_CODE)).toBe(false);
  });

  it("tells when the key does not open the stored secrets", async () => {
    await storeAsEarlierVersions();
    await sealSecondFactorsAtRest(core.db, TEST_SECOND_FACTOR_KEY);
    expect(await keyOpensStoredSecrets(core.db, TEST_SECOND_FACTOR_KEY)).toBe(true);
    expect(await keyOpensStoredSecrets(core.db, "another-key-of-sixteen-chars")).toBe(false);
  });
});
