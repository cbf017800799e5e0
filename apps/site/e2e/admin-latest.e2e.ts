/** One Latest project at most: marking another project Latest in the panel clears the first. */
import { editProject, expect, feedback, openPanel, ownerAccount, projectRow, test } from "./admin-support.ts";

// A fresh database for each test: this file moves the seeded projects' one Latest mark, which the home page and other tests read.
test.use({ ownServer: true });

test.describe.configure({ timeout: 90_000 });

test("setting a second project as Latest clears the first, in the table and on the home page", async ({
  page,
  login,
}) => {
  await login(ownerAccount);
  await openPanel(page, "Projects");
  await expect(projectRow(page, "Cat of the Day Stream Widget").getByTestId("status-chip")).toHaveText(["Latest"]);

  const modal = await editProject(page, "Economy Bot");
  await modal.getByRole("checkbox", { name: /^Latest/ }).check();
  await modal.getByRole("button", { name: "Save Changes" }).click();
  await expect(modal).toBeHidden();
  await expect(feedback(page)).toHaveText('Project "Economy Bot" updated.');

  await expect(projectRow(page, "Economy Bot").getByTestId("status-chip")).toHaveText(["Latest"]);
  await expect(projectRow(page, "Cat of the Day Stream Widget").getByTestId("status-chip")).toHaveText(["Active"]);
  await expect(page.getByTestId("status-chip").filter({ hasText: /^Latest$/ })).toHaveCount(1);

  await page.goto("/");
  await expect(page.getByTestId("last-seen-badge")).toContainText("Economy Bot");
});
