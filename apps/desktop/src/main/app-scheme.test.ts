import { describe, expect, it } from "vitest";
import { APP_ORIGIN, APP_SCHEME_PRIVILEGES } from "./app-scheme.ts";

describe("the app:// scheme", () => {
  it("is the origin app://portfolio", () => {
    expect(APP_ORIGIN).toBe("app://portfolio");
  });

  it("is registered as standard, secure and able to fetch, and with no other privilege", () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({
      scheme: "app",
      privileges: { standard: true, secure: true, supportFetchAPI: true },
    });
  });
});
