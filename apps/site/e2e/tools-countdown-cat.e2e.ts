import { expectTransparentPage, setHidden } from "./fakes/widget-page.ts";
import { expect, gotoReady, pauseClock, test } from "./fixtures.ts";

const seconds = (text: string | null) => {
  const [m = "0", s = "0"] = (text ?? "").split(":");
  return Number(m) * 60 + Number(s);
};
const clock = (total: number) => `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;

test.describe("countdown widget", () => {
  test("counts to a fixed end time that survives a reload, then shows the end text", async ({ page }) => {
    const start = Date.UTC(2030, 0, 1, 19, 58, 55);
    // The clock starts well before `start`, so the page has surely not passed it when the test pauses there.
    await page.clock.install({ time: start - 60_000 });
    const end = new Date(start + 65_000).toISOString();
    await gotoReady(page, `/twitchcountdownwidget?to=${end}&title=Back%20soon&end=We%27re%20live!`);
    await page.clock.pauseAt(start);
    await expect(page.getByTestId("countdown-title")).toHaveText("Back soon");
    await expect(page.getByTestId("countdown-time")).toHaveText("1:05");
    await expect(page.getByRole("timer")).toHaveAttribute("aria-label", "1 minute and 5 seconds left");
    await expectTransparentPage(page);

    await page.clock.fastForward(10_000);
    await expect(page.getByTestId("countdown-time")).toHaveText("0:55");
    // Reloading (as OBS does when a scene comes back) keeps counting to the same moment, not from 1:05 again.
    await page.clock.resume();
    await page.reload();
    // (The clock runs while the page reloads, however long that takes here: some seconds below 0:55.)
    await expect(page.getByTestId("countdown-time")).toHaveText(/^0:[1-5]\d$/);
    await pauseClock(page);
    await page.clock.fastForward(60_000);
    await expect(page.getByTestId("countdown-end")).toHaveText("We're live!");
    await expect(page.getByTestId("countdown-time")).toHaveCount(0);
  });

  test("counts down a duration from when it opens; long ones show hours and days", async ({ page }) => {
    await page.clock.install();
    await gotoReady(page, "/twitchcountdownwidget?duration=90s");
    const time = page.getByTestId("countdown-time");
    await expect(time).toHaveText(/^1:(30|29)$/);
    await expect(page.getByTestId("countdown-title")).toHaveText("Starting soon");
    await pauseClock(page);
    const shown = seconds(await time.textContent());
    await page.clock.fastForward(30_000);
    await expect(time).toHaveText(clock(shown - 30));
    await page.clock.resume();

    await gotoReady(page, "/twitchcountdownwidget?duration=1h30m&size=40");
    await expect(time).toHaveText(/^1:(30:00|29:59)$/);
    await expect(time).toHaveCSS("font-size", "40px");
    await gotoReady(page, "/twitchcountdownwidget?duration=2d");
    await expect(time).toHaveText(/^(2d 00:00:00|1d 23:59:59)$/);
  });

  test("demo mode counts down five minutes", async ({ page }) => {
    await page.clock.install();
    await gotoReady(page, "/twitchcountdownwidget?demo=1");
    await expect(page.getByTestId("countdown-time")).toHaveText(/^(5:00|4:59)$/);
    await pauseClock(page);
    await page.clock.fastForward(5 * 60_000);
    await expect(page.getByTestId("countdown-end")).toHaveText("Starting now!");
  });
});

test.describe("cat of the day widget", () => {
  test("shows the server's cat of the day, picked from the cat API", async ({ page, request }) => {
    const answer = (await (await request.get("/api/cat-of-the-day")).json()) as {
      url: string;
      date: string;
      source: string;
    };
    expect(answer.source).toBe("api");
    // The fake cat API's images carry a marker (their CDN is the site itself here: the browser has no internet).
    expect(answer.url).toContain("fake-cat=");
    // The page shows the server's redirect to today's picture, which lands on the day's answer.
    const fetched = page.waitForRequest(answer.url);
    await gotoReady(page, "/twitchcotdwidget");
    const image = page.getByTestId("cat-image");
    await expect(image).toHaveAttribute("src", "/api/cat-of-the-day/image");
    expect((await fetched).redirectedFrom()?.url()).toMatch(/\/api\/cat-of-the-day\/image$/);
    await expect(image).toHaveAttribute("data-source", "api");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const day = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).format(Date.parse(`${answer.date}T00:00:00Z`));
    await expect(page.getByTestId("cat-caption")).toHaveText(`Cat of the Day${day}`);
    await expectTransparentPage(page);
  });

  test("takes a title, hides the caption and sizes the picture", async ({ page }) => {
    await gotoReady(page, "/twitchcotdwidget?caption=0&size=200");
    await expect(page.getByTestId("cat-image")).toBeVisible();
    await expect(page.getByTestId("cat-caption")).toHaveCount(0);
    expect(await page.locator("figure").evaluate((el) => el.getBoundingClientRect().width)).toBe(200);
    await gotoReady(page, "/twitchcotdwidget?title=Daily%20Cat");
    await expect(page.getByTestId("cat-caption")).toContainText("Daily Cat");
  });

  test("demo mode asks no API; an unreachable server shows a friendly placeholder", async ({ page }) => {
    const calls: string[] = [];
    page.on("request", (r) => calls.push(new URL(r.url()).pathname));
    await gotoReady(page, "/twitchcotdwidget?demo=1");
    await expect(page.getByTestId("cat-image")).toHaveAttribute("src", "/api/cat-of-the-day/fallback/1.svg");
    expect(calls).not.toContain("/api/cat-of-the-day");

    await page.route("**/api/cat-of-the-day", (route) => route.abort("connectionrefused"));
    await gotoReady(page, "/twitchcotdwidget");
    await expect(page.getByTestId("cat-widget")).toHaveAttribute("data-status", "failed");
    await expect(page.getByText("The cat is napping. Back soon!")).toBeVisible();
  });

  test("a hidden source asks for no new cat at midnight; shown again, it asks at once", async ({ page }) => {
    const today = new Date();
    await page.clock.install({
      time: Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 23, 59, 0),
    });
    const asked: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path === "/api/cat-of-the-day" || path === "/favicon.svg") asked.push(path);
    });
    const catQuestions = () => asked.filter((path) => path === "/api/cat-of-the-day").length;
    await gotoReady(page, "/twitchcotdwidget");
    await expect(page.getByTestId("cat-widget")).toHaveAttribute("data-status", "ready");
    expect(catQuestions()).toBe(1);
    await setHidden(page, true);
    // Past midnight (and the few seconds' slack the widget leaves the server).
    await page.clock.fastForward(5 * 60_000);
    // A request the page makes now is seen after any the midnight timer would have made.
    await page.evaluate(() => fetch("/favicon.svg", { cache: "no-store" }));
    await expect.poll(() => asked.at(-1)).toBe("/favicon.svg");
    expect(catQuestions()).toBe(1);
    await setHidden(page, false);
    await expect.poll(catQuestions).toBe(2);
  });
});
