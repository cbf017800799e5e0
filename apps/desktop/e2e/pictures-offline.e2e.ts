/**
 * A picture added in the desktop app with the server unreachable: kept on this computer and shown from
 * there, marked as waiting, uploaded at the next sync and then served by the server (its public list and
 * /media), and still shown from this computer offline; a picture never shown here says in words that it is
 * not on this computer instead of a broken image; one the server refuses for good says why.
 */
import { damagedPng, pictureForm, pngPicture } from "@portfolio/testing/data/pictures.ts";
import { expect, test } from "./desktop-fixture.ts";
import { connectedWithProject, openTab, projectRow } from "./support.ts";

interface PublicProject {
  title: string;
  pictures: { hash: string; alt: string; width: number; height: number; cover: boolean }[];
}

test("a picture added offline shows from this computer, goes to the server with the next sync, and is served there", async ({
  page,
  openApp,
  server,
  network,
}) => {
  const web = await connectedWithProject(page, openApp, server, "Atlas");
  const pending = page.getByTestId("pending-count");

  network.offline = true;
  await projectRow(page, "Atlas").getByRole("button", { name: "Edit Atlas" }).click();
  const modal = page.getByRole("dialog", { name: "Edit Project" });
  await modal
    .getByLabel("Picture file")
    .setInputFiles({ name: "box.png", mimeType: "image/png", buffer: pngPicture(30, 20) });
  await modal.getByLabel("Alt text (required)").fill("A red box");
  await modal.getByRole("button", { name: "Add picture" }).click();
  const picture = modal.getByTestId("editor-picture");
  await expect(picture).toHaveCount(1);
  await expect(picture.locator("img")).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expect(picture.getByTestId("picture-pending")).toHaveText(
    "Waits on this computer: sent to the server at the next sync.",
  );
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
  await expect(pending).toHaveText("1 change waiting");

  network.offline = false;
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(pending).toHaveText("0 changes waiting");
  const list = await server.client().get<{ projects: PublicProject[] }>("/api/projects");
  const atlas = list.body.projects.find((p) => p.title === "Atlas");
  expect(atlas?.pictures.map((p) => [p.alt, p.width, p.height, p.cover])).toEqual([["A red box", 30, 20, true]]);
  const media = await fetch(`${server.url}/media/${atlas?.pictures[0]?.hash}`);
  expect(media.status).toBe(200);
  expect(media.headers.get("content-type")).toBe("image/png");

  // The editor still shows it, from the bytes added here, kept when the server's picture took their place.
  await openTab(page, "Dashboard");
  await openTab(page, "Projects");
  const editAtlas = () => projectRow(page, "Atlas").getByRole("button", { name: "Edit Atlas" }).click();
  await editAtlas();
  await expect(modal.getByTestId("editor-picture").locator("img")).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expect(modal.getByTestId("picture-pending")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();

  // A second picture added on the web comes with the next sync; offline before the editor ever showed it, the
  // editor says in words that it is not on this computer, and still shows the first.
  const atlasId = (await web.get<{ projects: { _id: string; title: string }[] }>("/api/projects")).body.projects.find(
    (p) => p.title === "Atlas",
  )?._id;
  await web.post(`/api/projects/${atlasId}/pictures`, pictureForm(pngPicture(20, 20, [20, 40, 200]), { alt: "Blue" }));
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(page.getByTestId("syncing")).toHaveCount(0);
  network.offline = true;
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(page.getByTestId("connection")).toHaveText("Offline");
  await openTab(page, "Dashboard");
  await openTab(page, "Projects");
  await editAtlas();
  const pictures = modal.getByTestId("editor-picture");
  await expect(pictures).toHaveCount(2);
  await expect(pictures.nth(0).locator("img")).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expect(pictures.nth(1).getByTestId("picture-not-here")).toHaveText(
    "This picture is not on this computer. It shows when the app is online.",
  );
  await expect(pictures.nth(1).locator("img")).toHaveCount(0);
});

test("a picture the server refuses for good says why in the editor", async ({ page, openApp, server, network }) => {
  await connectedWithProject(page, openApp, server, "Atlas");
  network.offline = true;
  await projectRow(page, "Atlas").getByRole("button", { name: "Edit Atlas" }).click();
  const modal = page.getByRole("dialog", { name: "Edit Project" });
  await modal
    .getByLabel("Picture file")
    .setInputFiles({ name: "broken.png", mimeType: "image/png", buffer: damagedPng() });
  await modal.getByLabel("Alt text (required)").fill("Broken");
  await modal.getByRole("button", { name: "Add picture" }).click();
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();

  network.offline = false;
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(page.getByTestId("syncing")).toHaveCount(0);
  await expect(page.getByTestId("pending-count")).toHaveText("1 change waiting");
  await projectRow(page, "Atlas").getByRole("button", { name: "Edit Atlas" }).click();
  await expect(modal.getByTestId("picture-refused")).toHaveText(
    "The server refused this picture: This picture could not be read: the file is damaged or not a picture. Remove it to send this project's other changes.",
  );
});
