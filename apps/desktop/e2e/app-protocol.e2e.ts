/** The renderer as the app:// file handler serves it, in Chromium. */
import { rendererCsp } from "../src/main/renderer-csp.ts";
import { expect, test } from "./desktop-fixture.ts";

test("the renderer's files come with its CSP header, and a path out of the renderer folder is a 404", async ({
  page,
  openApp,
}) => {
  await openApp(page);
  await expect(page.getByRole("button", { name: "Connect" })).toBeVisible();
  const answers = await page.evaluate(async () => {
    const index = await fetch("/index.html");
    // out/renderer/../../package.json exists: a handler that let the encoded slashes through would serve it.
    const climb = await fetch("/assets/..%2F..%2Fpackage.json");
    return { csp: index.headers.get("content-security-policy"), climbStatus: climb.status };
  });
  expect(answers.csp).toBe(rendererCsp({ kind: "production" }, "header"));
  expect(answers.climbStatus).toBe(404);
});
