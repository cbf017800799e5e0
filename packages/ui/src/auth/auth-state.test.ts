import { describe, expect, it } from "vitest";
import { authReducer, INITIAL_AUTH_STATE } from "./auth-state.ts";

const user = { _id: "u1", username: "ada", permissions: ["website:view"] };

describe("auth store (spec section 4)", () => {
  it("starts loading and logged out", () => {
    expect(INITIAL_AUTH_STATE).toEqual({ user: null, isLoggedIn: false, isLoading: true });
  });

  it("the session check sets the user, or logged out; loading ends either way", () => {
    expect(authReducer(INITIAL_AUTH_STATE, { type: "checked", user })).toEqual({
      user,
      isLoggedIn: true,
      isLoading: false,
    });
    expect(authReducer(INITIAL_AUTH_STATE, { type: "checked", user: null })).toEqual({
      user: null,
      isLoggedIn: false,
      isLoading: false,
    });
  });

  it("login sets the user; logout resets to logged out", () => {
    const loggedIn = authReducer(INITIAL_AUTH_STATE, { type: "login", user });
    expect(loggedIn.isLoggedIn).toBe(true);
    expect(authReducer(loggedIn, { type: "logout" })).toEqual({ user: null, isLoggedIn: false, isLoading: false });
  });
});
