/**
 * Second factors at rest (docs/security.md: the database holder): authenticator secrets are always encrypted,
 * under SECOND_FACTOR_KEY or a key file made beside the database (mode 0600) when it is unset; recovery codes
 * are a keyed HMAC; what an earlier version stored in the clear is sealed at the next start.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { codeNow, enableTotp, passwordStep, STEP_MS } from "@portfolio/testing/server/second-factor.ts";
import { OWNER, startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const WARNING = "SECOND_FACTOR_KEY is not set: authenticator secrets and recovery codes are sealed with the key";

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

describe("the second factors' key", () => {
  it("is made once beside the database without SECOND_FACTOR_KEY, readable by its owner only, with a warning", async () => {
    const file = server.config.secondFactor.file;
    expect(file).toBe(join(server.config.mailOutboxDir, "..", "second-factor.key"));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toBe(server.core.config.secondFactorKey);
    expect(server.logs.some((line) => line.startsWith(`${WARNING} just written to ${file}.`))).toBe(true);
  });

  it("SECOND_FACTOR_KEY wins over the file, without a warning", async () => {
    const other = await startTestServer({ env: { SECOND_FACTOR_KEY: "a-test-key-of-sixteen-chars" } });
    try {
      expect(other.core.config.secondFactorKey).toBe("a-test-key-of-sixteen-chars");
      expect(existsSync(other.config.secondFactor.file)).toBe(false);
      expect(other.logs.some((line) => line.startsWith(WARNING))).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe("authenticator secrets at rest", () => {
  it("are stored encrypted without SECOND_FACTOR_KEY, and their codes sign in", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const { secret } = await enableTotp(server, owner, OWNER.password);
    const row = await server.core.db.selectFrom("user_totp").select("secret").executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1\./);
    expect(row.secret).not.toContain(secret);
    const { client } = await passwordStep(server, OWNER.username, OWNER.password);
    expect((await client.post("/api/login/second-factor", { code: codeNow(server, secret) })).status).toBe(200);
  });

  it("stored in the clear by an earlier version are sealed at the next start; codes and old recovery codes still work", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const { secret } = await enableTotp(server, owner, OWNER.password);
    // As an earlier version left them: the secret as is, and a recovery code as its bare SHA-256.
    await server.core.db.updateTable("user_totp").set({ secret }).execute();
    const userId = (await server.core.db.selectFrom("user_totp").select("user_id").executeTakeFirstOrThrow()).user_id;
    await server.core.db.deleteFrom("recovery_codes").execute();
    await server.core.db
      .insertInto("recovery_codes")
      .values({ id: "old-1", user_id: userId, code_hash: sha256("abcdefghjk"), created_at: new Date().toISOString() })
      .execute();

    const restarted = await startTestServer({
      env: {
        DATABASE_URL: server.config.databaseUrl,
        SECOND_FACTOR_KEY_FILE: server.config.secondFactor.file,
        AUDIT_KEY_FILE: server.config.audit.file,
      },
    });
    try {
      expect(restarted.logs).toContain(
        "Sealed 1 authenticator secrets and 1 recovery codes stored by an earlier version.",
      );
      const db = restarted.core.db;
      const totp = await db.selectFrom("user_totp").select("secret").executeTakeFirstOrThrow();
      expect(totp.secret).toMatch(/^v1\./);
      const code = await db.selectFrom("recovery_codes").select("code_hash").executeTakeFirstOrThrow();
      expect(code.code_hash).toMatch(/^h1\./);
      // The first server's clock had moved past the step the confirmation spent; this one's follows it.
      restarted.clock.advance(STEP_MS);
      const first = await passwordStep(restarted, OWNER.username, OWNER.password);
      expect((await first.client.post("/api/login/second-factor", { code: codeNow(restarted, secret) })).status).toBe(
        200,
      );
      const second = await passwordStep(restarted, OWNER.username, OWNER.password);
      expect((await second.client.post("/api/login/second-factor", { recoveryCode: "abcde-fghjk" })).status).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});

describe("recovery codes at rest", () => {
  it("are 15 letters of 32 in three groups, stored as a keyed HMAC, never their SHA-256", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const { recoveryCodes } = await enableTotp(server, owner, OWNER.password);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}(-[0-9a-hjkmnp-tv-z]{5}){2}$/);
    const stored = (await server.core.db.selectFrom("recovery_codes").select("code_hash").execute()).map(
      (r) => r.code_hash,
    );
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(sha256(code.replace(/-/g, "")));
      expect(stored.join()).not.toContain(sha256(code.replace(/-/g, "")));
    }
    for (const value of stored) expect(value).toMatch(/^h1\.[0-9a-f]{64}$/);
  });

  it("sign in once each", async () => {
    const owner = await server.login(OWNER.username, OWNER.password);
    const { recoveryCodes } = await enableTotp(server, owner, OWNER.password);
    const code = recoveryCodes[3] as string;
    const first = await passwordStep(server, OWNER.username, OWNER.password);
    expect((await first.client.post("/api/login/second-factor", { recoveryCode: code })).status).toBe(200);
    const again = await passwordStep(server, OWNER.username, OWNER.password);
    const reused = await again.client.post("/api/login/second-factor", { recoveryCode: code });
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ error: "That recovery code is not correct or has already been used." });
  });
});
