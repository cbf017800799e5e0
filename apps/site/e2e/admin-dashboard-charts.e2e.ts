/**
 * The Dashboard's activity charts: sign-ups, activations, logins and content edits per UTC day over
 * the last 90 days, each with its total, peak day, spoken summary, tooltip and table, checked against the
 * server's own `daily` series after the test made a few of each.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import type { DailySeries } from "@portfolio/core/domain";
import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import { expect, openPanel, ownerAccount, test } from "./admin-support.ts";
import { gate } from "./fixtures.ts";

// A fresh database for each test: this file charts every figure of the site as the server counted them, which other tests' requests would change.
test.use({ ownServer: true });

test.describe.configure({ timeout: 90_000 });

const VISIBLE = { timeout: 15_000 };
const PHONE = { width: 390, height: 844 };

type Metric = "signups" | "activations" | "logins" | "edits";

// The page runs in en-US (playwright.config.ts); a UTC day keeps its date.
const short = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });
const long = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  year: "numeric",
  month: "short",
  day: "numeric",
});
const at = (day: string) => new Date(`${day}T00:00:00Z`);

async function dailySeries(api: APIRequestContext): Promise<DailySeries> {
  const answer = (await (await api.get("/api/admin/dashboard")).json()) as { daily?: DailySeries };
  if (!answer.daily) throw new Error("The dashboard answer has no daily series.");
  return answer.daily;
}

const chart = (page: Page, metric: Metric) => page.locator(`[data-testid="daily-chart"][data-metric="${metric}"]`);

/** Two active sign-ups and one waiting (3 sign-ups, 2 activations) and one project edit. */
async function seed(
  createAccount: (options?: { active?: boolean; prefix?: string }) => Promise<unknown>,
  ownerApi: APIRequestContext,
) {
  await createAccount({ prefix: "one" });
  await createAccount({ prefix: "two" });
  await createAccount({ prefix: "wait", active: false });
  const { projects } = (await (await ownerApi.get("/api/projects")).json()) as { projects: Array<{ _id: string }> };
  const edited = await ownerApi.patch(`/api/projects/${projects[0]?._id}`, { data: { description: "Charted." } });
  expect(edited.status()).toBe(200);
}

test("each chart shows its total, peak day and days as the server counted them, also as a table", async ({
  page,
  login,
  createAccount,
  ownerApi,
}) => {
  await seed(createAccount, ownerApi);
  await login(ownerAccount);
  const daily = await dailySeries(ownerApi);
  expect(daily).toHaveLength(90);
  const sum = (metric: Metric) => daily.reduce((total, day) => total + day[metric], 0);
  expect(sum("signups")).toBe(3);
  expect(sum("activations")).toBe(2);
  expect(sum("logins")).toBeGreaterThanOrEqual(2);

  await openPanel(page);
  const card = page.getByTestId("daily-charts");
  await expect(card).toContainText("Days are UTC days");
  for (const metric of ["signups", "activations", "logins", "edits"] as const) {
    const days = daily.map((d) => ({ day: d.day, count: d[metric] }));
    const total = sum(metric);
    const peak = days.reduce<{ day: string; count: number } | null>(
      (best, d) => (d.count > 0 && (!best || d.count >= best.count) ? d : best),
      null,
    );
    if (!peak) throw new Error(`The test made no ${metric}.`);
    const figure = chart(page, metric);
    await expect(figure.getByTestId("chart-summary")).toHaveText(
      `${total} in total · peak ${peak.count} on ${short.format(at(peak.day))}`,
      VISIBLE,
    );
    const title = { signups: "Sign-ups", activations: "Activations", logins: "Logins", edits: "Content edits" }[metric];
    const first = daily[0]?.day ?? "";
    const last = daily.at(-1)?.day ?? "";
    await expect(figure.getByRole("img")).toHaveAccessibleName(
      `${title} per UTC day, ${short.format(at(first))} to ${short.format(at(last))}: ${total} in total, ` +
        `the most on ${long.format(at(peak.day))} with ${peak.count}.`,
    );

    await figure.getByText("Show as table").click();
    const rows = figure.getByTestId("chart-table").locator("tbody tr");
    await expect(rows).toHaveText(days.map((d) => `${long.format(at(d.day))}${d.count}`));
    await expect(figure.getByTestId("chart-table").locator("thead")).toHaveText(`Day (UTC)${title}`);
  }
});

test("the arrow keys and the pointer read the chart day by day in a tooltip", async ({
  page,
  login,
  createAccount,
  ownerApi,
}) => {
  await seed(createAccount, ownerApi);
  await login(ownerAccount);
  const daily = await dailySeries(ownerApi);
  await openPanel(page);
  const signups = chart(page, "signups");
  const svg = signups.getByRole("img");
  await expect(svg).toBeVisible(VISIBLE);
  const tooltip = signups.getByTestId("chart-tooltip");
  /** The tooltip's three lines: the date, the count, and that it is a UTC day. */
  const lines = (index: number) => {
    const day = daily.at(index);
    if (!day) throw new Error(`No day ${index}.`);
    const count = day.signups;
    return [long.format(at(day.day)), `${count} ${count === 1 ? "sign-up" : "sign-ups"}`, "UTC day"];
  };
  const says = (index: number) => lines(index).join("");

  await svg.focus();
  await expect(tooltip).toHaveText(says(-1));
  await expect(svg).toHaveAccessibleDescription(
    `The left and right arrow keys read each day; Home and End go to the first and the last. ${lines(-1).join(" ")}`,
  );
  await page.keyboard.press("ArrowLeft");
  await expect(tooltip).toHaveText(says(-2));
  await page.keyboard.press("Home");
  await expect(tooltip).toHaveText(says(0));
  await page.keyboard.press("Escape");
  await expect(tooltip).toBeHidden();
  await page.keyboard.press("End");
  await expect(tooltip).toHaveText(says(-1));
  await page.keyboard.press("Tab");
  await expect(tooltip).toBeHidden();

  // The pointer shows the day under it, and leaving the chart hides it again.
  const box = await svg.boundingBox();
  if (!box) throw new Error("The chart has no box.");
  await svg.hover({ position: { x: box.width - 1, y: box.height / 2 } });
  await expect(tooltip).toHaveText(says(-1));
  await svg.hover({ position: { x: 1, y: box.height / 2 } });
  await expect(tooltip).toHaveText(says(0));
  await page.getByTestId("daily-charts").getByRole("heading", { name: "Activity" }).hover();
  await expect(tooltip).toBeHidden();
});

test("loading, then a failed load offering to try again, then a quiet metric saying so", async ({
  page,
  login,
  createAccount,
}) => {
  // No project is edited: the content edits chart has nothing to draw.
  await createAccount({ prefix: "one" });
  await login(ownerAccount);
  const held = gate();
  let fail = true;
  await page.route("**/api/admin/dashboard", async (route) => {
    if (!fail) return route.fallback();
    await held.passed;
    return route.fulfill({ status: 500, json: { error: "Database unavailable." } });
  });
  await openPanel(page);
  const card = page.getByTestId("daily-charts");
  await expect(card.getByRole("status")).toHaveText("Loading the charts…", VISIBLE);
  held.open();
  await expect(card).toContainText("Could not load the charts. Database unavailable.", VISIBLE);

  fail = false;
  await card.getByRole("button", { name: "Try again" }).click();
  const edits = chart(page, "edits");
  await expect(edits.getByTestId("chart-empty")).toHaveText("No content edits in the last 90 days", VISIBLE);
  await expect(edits.getByTestId("chart-summary")).toHaveText("0 in total");
  await expect(edits.getByRole("img")).toHaveCount(0);
  await expect(chart(page, "signups").getByTestId("chart-empty")).toHaveCount(0);
});

for (const theme of ["light", "dark"] as const) {
  test(`axe finds nothing serious in ${theme} mode, on a desktop and on a phone`, async ({
    page,
    login,
    createAccount,
    ownerApi,
  }) => {
    await page.addInitScript((dark) => localStorage.setItem("darkMode", JSON.stringify(dark)), theme === "dark");
    await seed(createAccount, ownerApi);
    await login(ownerAccount);
    await openPanel(page);
    const signups = chart(page, "signups");
    await expect(signups.getByRole("img")).toBeVisible(VISIBLE);
    await expect(chart(page, "edits").getByRole("img")).toBeVisible();
    await signups.getByText("Show as table").click();
    await signups.getByRole("img").focus();
    await expect(signups.getByTestId("chart-tooltip")).toBeVisible();
    const found = await seriousViolations(page, { where: `Dashboard charts, ${theme}` });

    await page.setViewportSize(PHONE);
    await expect(signups.getByRole("img")).toBeVisible();
    // The charts shrink with the screen: the page never scrolls sideways, and each chart fits its card.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await signups.getByRole("img").boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(200);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    found.push(...(await seriousViolations(page, { where: `Dashboard charts on a phone, ${theme}` })));
    expect(found).toEqual([]);
  });
}
