import { describe, expect, it } from "vitest";
import { denyDevicePermission, denyPermissionCheck, denyPermissionRequest } from "./permissions.ts";

/** A few of Electron's permission names, the ones a page is most likely to ask for. */
const PERMISSIONS = [
  "media",
  "geolocation",
  "notifications",
  "clipboard-read",
  "clipboard-sanitized-write",
  "midiSysex",
  "openExternal",
  "fullscreen",
  "display-capture",
];

function answerTo(permission: string): boolean | undefined {
  let answer: boolean | undefined;
  denyPermissionRequest(null, permission, (granted) => {
    answer = granted;
  });
  return answer;
}

describe("permissions", () => {
  it("refuses every permission a page requests, at once", () => {
    expect(PERMISSIONS.map(answerTo)).toEqual(PERMISSIONS.map(() => false));
  });

  it("refuses a permission it has never heard of", () => {
    expect(answerTo("some-permission-chromium-adds-later")).toBe(false);
  });

  it("answers no to every permission check", () => {
    expect(denyPermissionCheck()).toBe(false);
  });

  it("answers no to every HID, serial or USB device", () => {
    expect(denyDevicePermission()).toBe(false);
  });
});
