/**
 * Connecting to a server of thousands of projects: the connect screen says how far the download
 * has come, Cancel stops it after the page on its way (the panel opens with what came), and 'Resume
 * download' goes on from where it stopped until the desktop is in sync.
 */
import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import { seedBulkProjects } from "@portfolio/testing/data/snapshot-seed.ts";
import { expect, OWNER, test } from "./desktop-fixture.ts";

const BULK = 2486;
const TOTAL = 14 + BULK;

test("the first download shows its progress, stops on Cancel and resumes where it stopped", async ({
  page,
  openApp,
  server,
  network,
}) => {
  await seedBulkProjects(server.core.db, BULK);
  // The second page of the snapshot waits until the test lets it through.
  const release = network.holdWhen((url) => url.includes("/api/sync/pull") && url.includes(".after."));

  await openApp(page);
  await page.getByLabel("Server address").fill(server.url);
  await page.getByLabel("Username").fill(OWNER.username);
  await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
  await page.getByRole("button", { name: "Connect" }).click();

  const text = page.getByTestId("download-text");
  await expect(text).toHaveText("Downloading 1,000 of 2,500 projects");
  await expect(page.getByRole("progressbar", { name: "Download progress" })).toHaveAttribute("aria-valuenow", "1000");
  const found = await seriousViolations(page, { where: "Connect screen, downloading" });
  await page.getByRole("button", { name: "Cancel download" }).click();
  await expect(text).toHaveText("Download paused at 1,000 of 2,500 projects");
  release();

  // The page on its way lands; the panel opens with what came, not in sync yet.
  await expect(page.getByTestId("admin-panel")).toBeVisible();
  await expect(text).toHaveText(`Download paused at 2,000 of ${TOTAL.toLocaleString("en-US")} projects`);
  await expect(page.getByTestId("last-synced")).toHaveText("Not synced yet");
  found.push(...(await seriousViolations(page, { where: "Status area, download paused" })));
  expect(found).toEqual([]);

  await page.getByRole("button", { name: "Resume download" }).click();
  await expect(page.getByTestId("download")).toHaveCount(0);
  await expect(page.getByTestId("last-synced")).toHaveText("Last synced just now");
});
