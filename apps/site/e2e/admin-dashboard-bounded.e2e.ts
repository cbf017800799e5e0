/**
 * The Dashboard loads no list of every user. 'Waiting for activation' comes with the figures, and
 * the audit log's 'Who' box asks the users search for a few names as the owner types.
 */
import { expect, feedback, openPanel, ownerAccount, test } from "./admin-support.ts";

test.describe.configure({ timeout: 90_000 });

test("the dashboard never asks for every user; 'Who' suggests names from the search as you type", async ({
  page,
  login,
  createAccount,
}) => {
  const waiting = await createAccount({ prefix: "wait", active: false });
  const asked: URLSearchParams[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/admin/users") asked.push(url.searchParams);
  });
  await login(ownerAccount);
  await openPanel(page);

  // Its own row: other tests' sign-ups may wait on the worker's server too.
  await expect(page.getByTestId("pending-row").filter({ hasText: waiting.username })).toContainText(waiting.username);
  await page.getByRole("button", { name: `Activate ${waiting.username}` }).click();
  await expect(feedback(page)).toHaveText(`User "${waiting.username}" activated.`);

  const who = page.getByTestId("audit-log").getByLabel("Who");
  const suggestions = page.locator(`datalist[id="${await who.getAttribute("list")}"] option`);
  await who.fill("own");
  await expect(suggestions).toHaveCount(1);
  await expect(suggestions).toHaveAttribute("value", "owner");
  await who.fill("");
  await expect(suggestions).toHaveCount(0);

  expect(asked.length).toBeGreaterThan(0);
  for (const params of asked)
    expect({ q: params.get("q"), limit: params.get("limit") }).toEqual({ q: "own", limit: "8" });
});
