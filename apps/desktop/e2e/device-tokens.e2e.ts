/**
 * docs/security.md, promise 26 in the desktop app: device tokens next to 'Your sessions' in Settings, listed with their last use
 * and expiry, and revocable.
 */
import { connectAsOwner, expect, OWNER, test } from "./desktop-fixture.ts";
import { onTheWeb, openSettings } from "./support.ts";

test("Settings lists the device tokens and revokes one", async ({ page, openApp, server }) => {
  const web = await onTheWeb(server);
  const old = await web.post<{ id: string }>("/api/sync/tokens", { name: "Old laptop", password: OWNER.password });
  expect(old.status).toBe(201);
  await openApp(page);
  await connectAsOwner(page, server);
  await openSettings(page, "Sessions and devices");

  const card = page.getByTestId("device-tokens");
  await expect(card.getByRole("heading", { name: "Device tokens" })).toBeVisible();
  const rows = card.getByTestId("device-token-row");
  await expect(rows).toHaveCount(2);
  const oldRow = rows.filter({ hasText: "Old laptop" });
  await expect(oldRow).toContainText("Never used");
  await expect(rows.filter({ hasText: "e2e-laptop" })).toContainText("Last used just now");
  // Unused for 90 days, a token stops working: each row says when.
  await expect(oldRow.getByTestId("device-token-expiry")).toHaveText(
    /^expires [A-Z][a-z]{2} \d{1,2}, \d{4} unless used$/,
  );

  await oldRow.getByRole("button", { name: "Revoke device token Old laptop" }).click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toContainText(
    `Revoke the device token "Old laptop"? The desktop app that holds it stops syncing until it connects again.`,
  );
  await dialog.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText(`Device token "Old laptop" revoked.`)).toBeVisible();
  await expect(rows).toHaveCount(1);
  const listed = (await web.get<{ tokens: Array<{ name: string }> }>("/api/sync/tokens")).body.tokens;
  expect(listed.map((t) => t.name)).not.toContain("Old laptop");
});
