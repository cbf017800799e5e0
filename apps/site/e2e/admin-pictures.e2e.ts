/**
 * The project editor's Pictures section in the built site (domain/pictures.ts): the owner adds three
 * pictures by the file picker, by dropping one and by pasting one, writes their alt text, reorders by
 * keyboard and sets a cover; a 20,000 x 20,000 PNG and an SVG renamed .png are refused with messages;
 * no serious accessibility violation.
 */

import type { Locator, Page } from "@playwright/test";
import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import { bombPng, pngPicture, svgPicture } from "@portfolio/testing/data/pictures.ts";
import { editProject, expect, openPanel, ownerAccount, projectRow, test } from "./admin-support.ts";

// A fresh database for each test: this file adds pictures to a seeded project and counts them.
test.use({ ownServer: true });

test.describe.configure({ timeout: 120_000 });

/** A DataTransfer holding one file, in the page: what a drop or a paste carries. */
async function transfer(page: Page, name: string, bytes: Buffer) {
  return page.evaluateHandle(
    ({ name, base64 }) => {
      const data = new DataTransfer();
      const raw = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      data.items.add(new File([raw], name, { type: "image/png" }));
      return data;
    },
    { name, base64: bytes.toString("base64") },
  );
}

async function addWithAlt(modal: Locator, alt: string) {
  await modal.getByLabel("Alt text (required)").fill(alt);
  await modal.getByRole("button", { name: "Add picture" }).click();
}

test("the owner adds pictures by picker, drop and paste, reorders by keyboard and sets a cover", async ({
  page,
  login,
}) => {
  await login(ownerAccount);
  await openPanel(page, "Projects");
  const modal = await editProject(page, "Economy Bot");
  const pictures = modal.getByTestId("editor-picture");
  const problem = modal.getByTestId("picture-problem");

  // By the picker; without alt text it is refused before sending.
  await modal
    .getByLabel("Picture file")
    .setInputFiles({ name: "one.png", mimeType: "image/png", buffer: pngPicture(40, 30, [255, 0, 0]) });
  await modal.getByRole("button", { name: "Add picture" }).click();
  await expect(problem).toHaveText("Alt text is required.");
  await addWithAlt(modal, "First");
  await expect(pictures).toHaveCount(1);

  // By a drop on the drop zone.
  const dropped = await transfer(page, "two.png", pngPicture(40, 30, [0, 255, 0]));
  await modal.getByTestId("picture-drop-zone").dispatchEvent("drop", { dataTransfer: dropped });
  await expect(modal.getByTestId("picture-chosen")).toHaveText("Chosen: two.png");
  await addWithAlt(modal, "Second");
  await expect(pictures).toHaveCount(2);

  // By a paste.
  const pasted = await transfer(page, "three.png", pngPicture(40, 30, [0, 0, 255]));
  await modal.getByTestId("project-pictures").evaluate((section, data) => {
    section.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data as DataTransfer, bubbles: true }));
  }, pasted);
  await expect(modal.getByTestId("picture-chosen")).toHaveText("Chosen: three.png");
  await addWithAlt(modal, "Third");
  await expect(pictures).toHaveCount(3);

  // Refused by their bytes, with messages.
  await modal
    .getByLabel("Picture file")
    .setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: bombPng(20_000, 20_000) });
  await addWithAlt(modal, "Too big");
  await expect(problem).toHaveText("A picture may have at most 40 megapixels.");
  await modal
    .getByLabel("Picture file")
    .setInputFiles({ name: "renamed.png", mimeType: "image/png", buffer: svgPicture() });
  await addWithAlt(modal, "Not a picture");
  await expect(problem).toHaveText("Only PNG, JPEG, WebP, AVIF and GIF pictures are accepted (SVG is not).");
  await expect(pictures).toHaveCount(3);

  // Reorder by keyboard, announced; then the cover by keyboard.
  await modal.getByRole("button", { name: "Move up: Third" }).focus();
  await page.keyboard.press("Enter");
  await expect(modal.getByTestId("picture-announcement")).toHaveText("Moved Third to position 2 of 3.");
  await pictures.nth(1).getByRole("radio", { name: "Cover" }).focus();
  await page.keyboard.press("Space");
  await expect(pictures.nth(1).getByRole("radio", { name: "Cover" })).toBeChecked();

  expect(await seriousViolations(page, { where: "Edit Project with pictures" })).toEqual([]);

  await modal.getByRole("button", { name: "Save Changes" }).click();
  await expect(modal).toBeHidden();
  const reopened = await editProject(page, "Economy Bot");
  const alts = reopened.getByTestId("editor-picture").getByLabel(/^Alt text of picture/);
  await expect(alts.nth(0)).toHaveValue("First");
  await expect(alts.nth(1)).toHaveValue("Third");
  await expect(alts.nth(2)).toHaveValue("Second");
  await expect(reopened.getByTestId("editor-picture").nth(1).getByRole("radio", { name: "Cover" })).toBeChecked();
});

test("a picture added, then the editor closed without saving: the project opened again holds it and saves without a conflict", async ({
  page,
  login,
}) => {
  await login(ownerAccount);
  await openPanel(page, "Projects");
  const edit = projectRow(page, "Economy Bot").getByRole("button", { name: "Edit Economy Bot" });
  await edit.click();
  const modal = page.getByRole("dialog", { name: "Edit Project" });
  await modal
    .getByLabel("Picture file")
    .setInputFiles({ name: "one.png", mimeType: "image/png", buffer: pngPicture(40, 30, [255, 0, 0]) });
  await addWithAlt(modal, "Only");
  await expect(modal.getByTestId("editor-picture")).toHaveCount(1);
  await modal.getByRole("button", { name: "Cancel" }).click();
  await expect(modal).toBeHidden();

  await edit.click();
  await expect(modal.getByTestId("editor-picture").getByLabel(/^Alt text of picture/)).toHaveValue("Only");
  await modal.getByRole("button", { name: "Save Changes" }).click();
  await expect(modal).toBeHidden();
});
