/**
 * Permissions (Electron's security checklist, item 5): the admin panel needs no camera, microphone,
 * location, notifications, clipboard reading, MIDI, HID, serial or USB device, so every request is
 * refused and every check answers no. The request handler covers prompts (getUserMedia, requestPermission);
 * the check handler covers the synchronous queries Chromium makes without a prompt (navigator.permissions,
 * feature detection), which the request handler never sees; the device handler covers WebHID, Web Serial
 * and WebUSB, which bypass both. Refusing by default means a permission Chromium adds later is refused too.
 */

/** For `session.setPermissionRequestHandler`: whatever is asked, the answer is no. */
export function denyPermissionRequest(
  _contents: unknown,
  _permission: string,
  callback: (permissionGranted: boolean) => void,
): void {
  callback(false);
}

/** For `session.setPermissionCheckHandler`. */
export function denyPermissionCheck(): boolean {
  return false;
}

/** For `session.setDevicePermissionHandler`. */
export function denyDevicePermission(): boolean {
  return false;
}
