/**
 * The keyboard focus ring on every control of the admin panel, in both themes: a visible outline whose
 * colour has at least 3:1 contrast (WCAG 2.2, non-text contrast) against the background it is drawn on.
 */
import type { ElementHandle, Page } from "@playwright/test";
import { expect, openPanel, ownerAccount, projectRow, ROLE_PERMISSIONS, test, userRow } from "./admin-support.ts";

// Measures focus rings at the end of their colour transitions: with motion allowed, as a visitor has it, not
// the reduced motion the other files run with (playwright.config.ts).
test.use({ reducedMotion: "no-preference" });

// Each test logs in and opens the panel; a busy machine needs more than the default 45 s.
test.describe.configure({ timeout: 120_000 });

const TABS = ["Dashboard", "Users", "Projects", "Settings"] as const;
const MAX_PRESSES = 80;

interface FocusRing {
  control: string;
  /** Outline colour against the background behind it; 0 when there is no outline at all. */
  contrast: number;
}

/**
 * Measures the ring of the focused control (or of the label that draws it for a visually hidden input);
 * `roundAt`, when given, says whether focus is on that element (one round trip for both).
 */
async function focusedRing(page: Page, roundAt?: ElementHandle): Promise<{ ring: FocusRing | null; round: boolean }> {
  return page.evaluate((stop) => {
    const focused = document.activeElement;
    const round = stop !== undefined && focused === stop;
    const measure = (): FocusRing | null => {
      if (!focused || focused === document.body) return null;
      // The final ring: buttons fade their colours in (transition-colors), so jump to where that ends.
      for (const animation of [focused, focused.closest("label")].flatMap((el) => el?.getAnimations() ?? []))
        if (animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY) animation.finish();
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 1;
      const ctx = canvas.getContext("2d", { willReadFrequently: true });
      if (!ctx) throw new Error("no 2D canvas");
      /** Any CSS colour (oklch included) as sRGB 0-255 and alpha 0-1, through the canvas. */
      const rgba = (css: string): [number, number, number, number] => {
        ctx.clearRect(0, 0, 1, 1);
        ctx.fillStyle = "rgba(0,0,0,0)";
        ctx.fillStyle = css;
        ctx.fillRect(0, 0, 1, 1);
        const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data;
        return [r, g, b, a / 255];
      };
      const over = (
        [r, g, b, alpha]: [number, number, number, number],
        [br, bg, bb]: [number, number, number],
      ): [number, number, number] => [
        r * alpha + br * (1 - alpha),
        g * alpha + bg * (1 - alpha),
        b * alpha + bb * (1 - alpha),
      ];
      /** What is painted behind an element: its ancestors' backgrounds, composited from the page up. */
      const backdrop = (from: Element | null): [number, number, number] => {
        const layers: [number, number, number, number][] = [];
        for (let el = from; el; el = el.parentElement) {
          const colour = rgba(getComputedStyle(el).backgroundColor);
          if (colour[3] > 0) layers.push(colour);
          if (colour[3] >= 1) break;
        }
        let base: [number, number, number] = document.documentElement.classList.contains("dark")
          ? [0, 0, 0]
          : [255, 255, 255];
        for (const layer of layers.reverse()) base = over(layer, base);
        return base;
      };
      const linear = (v: number) => {
        const s = v / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      const luminance = ([r, g, b]: [number, number, number]) =>
        0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
      const ratio = (a: [number, number, number], b: [number, number, number]) => {
        const [la, lb] = [luminance(a), luminance(b)];
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
      };
      const hasOutline = (el: Element) => {
        const style = getComputedStyle(el);
        return style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 1;
      };
      // A visually hidden radio draws its ring on its label (has-[:focus-visible]).
      const drawer = hasOutline(focused) ? focused : (focused.closest("label") ?? focused);
      // Names tell controls apart: aria-label, else the label of a form control, else its text; plus its id.
      const label =
        focused.getAttribute("aria-label") ??
        (focused as HTMLInputElement).labels?.[0]?.textContent ??
        focused.textContent ??
        "";
      const name = `${focused.tagName.toLowerCase()}${focused.id ? `#${focused.id}` : ""} "${label.trim().slice(0, 50)}"`;
      // Chromium puts a date field's calendar button in the tab order, inside the field's closed shadow tree:
      // the field loses :focus and the browser draws that button's own two-tone ring, which no page sets.
      if (focused instanceof HTMLInputElement && focused.type === "date" && !focused.matches(":focus")) return null;
      if (!hasOutline(drawer)) return { control: name, contrast: 0 };
      const outline = rgba(getComputedStyle(drawer).outlineColor);
      // The outline lies outside the border box: on the parent's background.
      const behind = backdrop(drawer.parentElement);
      return { control: name, contrast: Math.round(ratio(over(outline, behind), behind) * 100) / 100 };
    };
    return { ring: measure(), round };
  }, roundAt);
}

/** Tabs from the selected tab through the page until focus comes round to it again; the rings seen on the way. */
async function ringsOfTab(page: Page): Promise<FocusRing[]> {
  const rings = new Map<string, FocusRing>();
  const selectedTab = page.getByRole("tab", { selected: true });
  await selectedTab.focus();
  const start = await selectedTab.elementHandle();
  if (!start) throw new Error("no selected tab");
  // Measured after each key press (focus by keyboard shows the ring; a click or script focus may not).
  for (let i = 0; i < MAX_PRESSES; i++) {
    await page.keyboard.press("Tab");
    const { ring, round } = await focusedRing(page, start);
    if (ring) rings.set(ring.control, ring);
    if (round) break;
  }
  return [...rings.values()];
}

/** Tabs round an open dialog (its focus trap keeps focus inside) until a control comes up again. */
async function ringsOfDialog(page: Page): Promise<FocusRing[]> {
  const rings = new Map<string, FocusRing>();
  for (let i = 0; i < MAX_PRESSES; i++) {
    await page.keyboard.press("Tab");
    const { ring } = await focusedRing(page);
    if (!ring) continue;
    if (rings.has(ring.control)) break;
    rings.set(ring.control, ring);
  }
  return [...rings.values()];
}

for (const theme of ["dark", "light"] as const) {
  test(`${theme} mode: every control's focus ring has 3:1 contrast or more`, async ({ page, login, createAccount }) => {
    await page.addInitScript((dark) => localStorage.setItem("darkMode", JSON.stringify(dark)), theme === "dark");
    await createAccount({ prefix: "moda", permissions: ROLE_PERMISSIONS.moderator });
    await createAccount({ prefix: "wait", active: false });
    await login(ownerAccount);
    await openPanel(page);
    const weak: string[] = [];
    let measured = 0;
    for (const tab of TABS) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByRole("tabpanel").locator("button, a, input").first()).toBeVisible({ timeout: 15_000 });
      await page.waitForLoadState("networkidle");
      const rings = await ringsOfTab(page);
      measured += rings.length;
      for (const ring of rings) if (ring.contrast < 3) weak.push(`${tab}: ${ring.control} ${ring.contrast}:1`);
    }
    expect(measured).toBeGreaterThan(40);
    expect(weak).toEqual([]);
  });

  test(`${theme} mode: the dialogs' focus rings have 3:1 contrast or more`, async ({ page, login, createAccount }) => {
    await page.addInitScript((dark) => localStorage.setItem("darkMode", JSON.stringify(dark)), theme === "dark");
    const moderator = await createAccount({ prefix: "moda", permissions: ROLE_PERMISSIONS.moderator });
    await login(ownerAccount);
    // The two Users dialogs from one visit of the tab, then the Projects tab's through the tab bar: one load.
    await openPanel(page, "Users");
    const dialogs = [
      {
        name: "Edit User",
        open: () => userRow(page, moderator.username).getByRole("button", { name: /^Edit/ }).click(),
      },
      {
        name: "Delete user",
        open: () =>
          userRow(page, moderator.username)
            .getByRole("button", { name: /^Delete/ })
            .click(),
      },
      {
        name: "Edit Project",
        open: async () => {
          await page.getByRole("tab", { name: "Projects" }).click();
          await projectRow(page, "Discord Bot").getByRole("button", { name: /^Edit/ }).click();
        },
      },
    ];
    const weak: string[] = [];
    for (const dialog of dialogs) {
      await dialog.open();
      await expect(page.getByRole("dialog", { name: dialog.name })).toBeVisible({ timeout: 15_000 });
      const rings = await ringsOfDialog(page);
      expect(rings.length, dialog.name).toBeGreaterThan(1);
      for (const ring of rings) if (ring.contrast < 3) weak.push(`${dialog.name}: ${ring.control} ${ring.contrast}:1`);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog", { name: dialog.name })).toBeHidden();
    }
    expect(weak).toEqual([]);
  });
}
