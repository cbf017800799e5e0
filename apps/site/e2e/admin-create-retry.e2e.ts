/**
 * A project created while an instance restarts behind the balancer: the balancer's 502 is not
 * shown; the page sends the create once more with the same Idempotency-Key, and the project is made once.
 */
import { expect, feedback, openPanel, ownerAccount, projectRow, test, uniqueName } from "./admin-support.ts";

test.describe.configure({ timeout: 90_000 });

test("a create answered 502 by the balancer is sent once more with the same key and made once", async ({
  page,
  login,
}) => {
  await login(ownerAccount);
  await openPanel(page, "Projects");
  const keys: (string | null)[] = [];
  // The first attempt meets a balancer with no instance to hand it to; the retry reaches the server.
  await page.route("**/api/projects", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    keys.push(await route.request().headerValue("idempotency-key"));
    return keys.length === 1 ? route.fulfill({ status: 502, body: "Bad Gateway" }) : route.fallback();
  });
  await page.getByRole("button", { name: "New Project" }).click();
  const modal = page.getByRole("dialog", { name: "Create Project" });
  // A title of its own: the project stays on the worker's server after the test.
  const title = uniqueName("Made During A Deploy ");
  await modal.getByLabel("Title").fill(title);
  await modal.getByLabel("Description").fill("Created while an instance restarted.");
  await modal.getByRole("button", { name: "Create Project" }).click();
  await expect(feedback(page)).toHaveText(`Project "${title}" created.`);
  await expect(projectRow(page, title)).toHaveCount(1);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
});
