import { describe, expect, it } from "vitest";
import { checkConnect, placeError } from "./connect-form.ts";

describe("first-run form", () => {
  it("asks for every empty field", () => {
    expect(checkConnect({ serverUrl: " ", username: "", password: "" }, ["serverUrl", "username", "password"])).toEqual(
      {
        serverUrl: "Enter the server address.",
        username: "Enter your username.",
        password: "Enter your password.",
      },
    );
  });

  it("checks only the fields of the form (sign in again: the password)", () => {
    expect(checkConnect({ serverUrl: "", username: "", password: "pw" }, ["password"])).toEqual({});
  });

  it("places main's field-named message on its field", () => {
    expect(placeError("serverUrl: the server address must start with http:// or https://.")).toEqual({
      field: "serverUrl",
      text: "The server address must start with http:// or https://.",
    });
  });

  it("keeps a message that names no field whole", () => {
    expect(placeError("Invalid username or password.")).toEqual({ field: null, text: "Invalid username or password." });
  });
});
