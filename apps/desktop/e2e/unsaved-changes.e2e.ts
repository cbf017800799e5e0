/**
 * No edit is lost without asking, in the desktop renderer: the shared panel asks 'Discard your
 * changes?' before a view of the app replaces a dirty form, and the renderer never holds its own unload
 * (in Electron a held unload would silently block closing the window, which main owns).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./desktop-fixture.ts";
import { openSettings } from "./support.ts";

const discardDialog = (page: Page) => page.getByRole("dialog", { name: "Discard your changes?" });

async function dirtyProfile(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Work locally" }).click();
  await openSettings(page, "Site");
  const name = page.getByTestId("site-profile").getByLabel("Display name");
  await name.fill("Someone else");
}

test("'Connect to a server' asks before it replaces a form with unsaved changes", async ({ page, openApp }) => {
  await openApp(page);
  await dirtyProfile(page);
  await page.getByRole("button", { name: "Connect to a server" }).click();
  await expect(discardDialog(page).getByRole("button", { name: "Keep editing" })).toBeFocused();
  await discardDialog(page).getByRole("button", { name: "Keep editing" }).click();
  await expect(page.getByTestId("site-profile").getByLabel("Display name")).toHaveValue("Someone else");

  await page.getByRole("button", { name: "Connect to a server" }).click();
  await discardDialog(page).getByRole("button", { name: "Discard" }).click();
  await expect(page.getByLabel("Server address")).toBeVisible();
});

test("a dirty form never holds the renderer's unload", async ({ page, openApp }) => {
  await openApp(page);
  await dirtyProfile(page);
  const questions: string[] = [];
  page.on("dialog", (dialog) => {
    questions.push(dialog.type());
    void dialog.dismiss();
  });
  const closed = page.waitForEvent("close");
  await page.close({ runBeforeUnload: true });
  await closed;
  expect(questions).toEqual([]);
});
