/**
 * Working locally (no server at all), history and the trash live on a server the app does not have: the
 * Trash tab and the History panels say so, and offer no 'Try again' that could never help.
 */
import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import { expect, test } from "./desktop-fixture.ts";
import { openSettings, openTab, projectRow } from "./support.ts";

const TRASH_NO_SERVER =
  "The trash is kept on a server, and this app works locally without one. Connect it to a server to see and restore deleted projects.";
const HISTORY_NO_SERVER =
  "History is kept on a server, and this app works locally without one. Connect it to a server to see and restore earlier versions.";

test("working locally, the Trash tab and the History panels say they need a connected server", async ({
  page,
  openApp,
}) => {
  await openApp(page);
  await page.getByRole("button", { name: "Work locally" }).click();
  await expect(page.getByTestId("connection")).toHaveText("Working locally");

  await openTab(page, "Trash");
  await expect(page.getByTestId("trash-offline")).toHaveText(TRASH_NO_SERVER);
  await expect(page.getByTestId("trash-offline").getByRole("button", { name: "Try again" })).toHaveCount(0);

  await openTab(page, "Projects");
  const row = projectRow(page, "Economy Bot");
  await row.getByRole("button", { name: "Edit Economy Bot" }).click();
  const modal = page.getByRole("dialog", { name: "Edit Project" });
  await modal.getByRole("button", { name: "Show history" }).click();
  await expect(modal.getByTestId("history-offline")).toHaveText(HISTORY_NO_SERVER);
  expect(await seriousViolations(page, { where: "project history working locally" })).toEqual([]);
  await modal.getByRole("button", { name: "Cancel" }).click();

  await openSettings(page, "Site");
  const profile = page.getByTestId("site-profile");
  await profile.getByRole("button", { name: "Show history of the site profile" }).click();
  await expect(profile.getByTestId("history-offline")).toHaveText(HISTORY_NO_SERVER);
});
