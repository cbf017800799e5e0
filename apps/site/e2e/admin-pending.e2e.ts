/** Dashboard: 'Waiting for activation' lists sign-ups never activated, never a deactivated user. */
import { expect, openPanel, ownerAccount, test } from "./admin-support.ts";

test.describe.configure({ timeout: 90_000 });

test("a deactivated user is not listed under 'Waiting for activation'; a new sign-up is", async ({
  page,
  login,
  createAccount,
  ownerApi,
}) => {
  const deactivated = await createAccount({ prefix: "gone" });
  expect((await ownerApi.patch(`/api/admin/users/${deactivated.id}`, { data: { isActive: false } })).status()).toBe(
    200,
  );
  const waiting = await createAccount({ prefix: "wait", active: false });

  await login(ownerAccount);
  await openPanel(page, "Dashboard");
  const rows = page.getByTestId("pending-row");
  await expect(rows.filter({ hasText: waiting.username })).toHaveCount(1);
  await expect(rows.filter({ hasText: deactivated.username })).toHaveCount(0);
});
