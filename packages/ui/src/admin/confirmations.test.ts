import { describe, expect, it } from "vitest";
import { endedOtherSessionsMessage, endOtherSessionsConfirmation, userActionConfirmation } from "./confirmations.ts";

const ann = { username: "ann", email: "ann@example.com" };

describe("userActionConfirmation", () => {
  it("asks before a deactivation, saying it logs the user out everywhere", () => {
    expect(userActionConfirmation("deactivate", ann)).toEqual({
      title: "Deactivate user",
      message:
        'Deactivate "ann"? They are logged out at once on every browser and desktop app, and cannot log in until they are activated again.',
      confirmLabel: "Deactivate",
      tone: "danger",
    });
  });

  it("asks before a password reset, naming the address the mail goes to", () => {
    expect(userActionConfirmation("resetPassword", ann)).toEqual({
      title: "Reset password",
      message:
        'Send "ann" a password reset e-mail at ann@example.com? Their password keeps working until they choose a new one with the link.',
      confirmLabel: "Send reset e-mail",
      tone: "primary",
    });
  });

  it("names the user alone when the viewer may not see the address", () => {
    expect(userActionConfirmation("resetPassword", { username: "ann" }).message).toBe(
      'Send "ann" a password reset e-mail? Their password keeps working until they choose a new one with the link.',
    );
  });

  it("keeps the deletion's question of the spec", () => {
    expect(userActionConfirmation("delete", ann)).toEqual({
      title: "Delete user",
      message: 'Are you sure you want to delete "ann"? Their sessions end and this cannot be undone.',
      confirmLabel: "Delete",
      tone: "danger",
    });
  });
});

describe("ending your other sessions", () => {
  it("asks with the number of sessions it ends, one or more", () => {
    expect(endOtherSessionsConfirmation(1).message).toBe(
      "End your 1 other session? Those browsers are logged out at once. This browser stays logged in, and so do your desktop apps (revoke those under Device tokens).",
    );
    expect(endOtherSessionsConfirmation(3).message).toMatch(/^End your 3 other sessions\? /);
    expect(endOtherSessionsConfirmation(3).confirmLabel).toBe("Log out everywhere else");
  });

  it("says how many ended, and when none was left", () => {
    expect(endedOtherSessionsMessage(1)).toBe("Logged out of 1 other session.");
    expect(endedOtherSessionsMessage(2)).toBe("Logged out of 2 other sessions.");
    expect(endedOtherSessionsMessage(0)).toBe("There was no other session to end.");
  });
});
