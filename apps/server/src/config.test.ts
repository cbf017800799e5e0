import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readConfig } from "./config.ts";

describe("readConfig: playlist shuffler, cat of the day and Twitch", () => {
  it("defaults to Google's API, a one-hour playlist cache, TheCatAPI and no keys", () => {
    const config = readConfig({});
    expect(config.youtube).toEqual({
      apiKey: undefined,
      baseUrl: "https://www.googleapis.com/youtube/v3",
      cacheSeconds: 3600,
    });
    expect(config.catApi).toMatchObject({ baseUrl: "https://api.thecatapi.com", apiKey: undefined });
    expect(config.twitchTokenKey).toBeUndefined();
    expect(config.twitch).toEqual({ clientId: undefined, authBaseUrl: "https://id.twitch.tv" });
  });

  it("finds the shipped fallback cat illustrations", () => {
    const { fallbackDir } = readConfig({}).catApi;
    for (const n of [1, 2, 3, 4]) expect(existsSync(join(fallbackDir, `${n}.svg`))).toBe(true);
  });

  it("reads the variables, dropping a trailing slash of the base URLs", () => {
    const config = readConfig({
      YOUTUBE_API_KEY: "yt-key",
      YOUTUBE_API_BASE_URL: "http://127.0.0.1:9999/youtube/v3/",
      YOUTUBE_CACHE_SECONDS: "0",
      CAT_API_BASE_URL: "http://127.0.0.1:9998/",
      CAT_API_KEY: "cat-key",
      TWITCH_TOKEN_KEY: "sixteen-chars-ok",
      TWITCH_CLIENT_ID: "  client-123  ",
      TWITCH_AUTH_BASE_URL: "http://127.0.0.1:9997/",
    });
    expect(config.youtube).toEqual({ apiKey: "yt-key", baseUrl: "http://127.0.0.1:9999/youtube/v3", cacheSeconds: 0 });
    expect(config.catApi).toMatchObject({ baseUrl: "http://127.0.0.1:9998", apiKey: "cat-key" });
    expect(config.twitchTokenKey).toBe("sixteen-chars-ok");
    expect(config.twitch).toEqual({ clientId: "client-123", authBaseUrl: "http://127.0.0.1:9997" });
  });

  it.each([
    [
      { YOUTUBE_API_BASE_URL: "googleapis.com/youtube/v3" },
      'YOUTUBE_API_BASE_URL must be an absolute http(s) URL; got "googleapis.com/youtube/v3".',
    ],
    [
      { CAT_API_BASE_URL: "ftp://cats.example" },
      'CAT_API_BASE_URL must be an absolute http(s) URL; got "ftp://cats.example".',
    ],
    [{ YOUTUBE_CACHE_SECONDS: "-1" }, 'YOUTUBE_CACHE_SECONDS must be a whole number from 0 to 604800; got "-1".'],
    [{ YOUTUBE_CACHE_SECONDS: "1.5" }, 'YOUTUBE_CACHE_SECONDS must be a whole number from 0 to 604800; got "1.5".'],
    [
      { TWITCH_AUTH_BASE_URL: "id.twitch.tv" },
      'TWITCH_AUTH_BASE_URL must be an absolute http(s) URL; got "id.twitch.tv".',
    ],
    [
      { TWITCH_TOKEN_KEY: "too-short" },
      "TWITCH_TOKEN_KEY must be at least 16 characters long (e.g. the output of: openssl rand -base64 32).",
    ],
  ])("refuses a bad value with a clear message (%#)", (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});

describe("readConfig: the first owner's password", () => {
  it("refuses an OWNER_PASSWORD over 72 bytes, which no login could ever match", () => {
    expect(() => readConfig({ OWNER_PASSWORD: "a".repeat(73) })).toThrow(
      "OWNER_PASSWORD must be at most 72 bytes long (bcrypt's limit).",
    );
    expect(readConfig({ OWNER_PASSWORD: "a".repeat(72) }).owner.password).toBe("a".repeat(72));
  });
});

describe("readConfig: SYNC_RETENTION_DAYS", () => {
  it("defaults to 90 days and reads a value in range", () => {
    expect(readConfig({}).syncRetentionDays).toBe(90);
    expect(readConfig({ SYNC_RETENTION_DAYS: "365" }).syncRetentionDays).toBe(365);
  });

  it("refuses a value out of range or not a whole number, naming the variable and the range", () => {
    for (const value of ["0", "3651", "1.5", "forever"]) {
      expect(() => readConfig({ SYNC_RETENTION_DAYS: value })).toThrow(
        `SYNC_RETENTION_DAYS must be a whole number from 1 to 3650; got "${value}".`,
      );
    }
  });
});

describe("readConfig: AUDIT_RETENTION_DAYS", () => {
  it("keeps the audit log for ever when unset, else for that many days", () => {
    expect(readConfig({}).auditRetentionDays).toBeUndefined();
    expect(readConfig({ AUDIT_RETENTION_DAYS: "365" }).auditRetentionDays).toBe(365);
  });

  it("refuses anything but a whole number from 1 to 36500", () => {
    for (const value of ["0", "-1", "1.5", "forever", "36501"]) {
      expect(() => readConfig({ AUDIT_RETENTION_DAYS: value })).toThrow(
        `AUDIT_RETENTION_DAYS must be a whole number from 1 to 36500; got "${value}".`,
      );
    }
  });
});
