/**
 * Open dialogs, innermost last. Only the innermost one takes Escape and Tab and stays out of `inert`, so a
 * question asked over a dialog (the editor's 'Discard your changes?') neither closes the editor with the
 * same Escape nor leaves the page behind the editor live (or unscrollable) when it goes away.
 */
const open: HTMLElement[] = [];
const madeInert = new Set<HTMLElement>();
/** The page's own overflow, kept while any dialog holds the scroll (restored when the last one closes). */
let pageOverflow: string | null = null;

function apply(body: HTMLElement): void {
  for (const el of madeInert) el.inert = false;
  madeInert.clear();
  const top = open.at(-1);
  if (!top) {
    if (pageOverflow !== null) body.style.overflow = pageOverflow;
    pageOverflow = null;
    return;
  }
  if (pageOverflow === null) {
    pageOverflow = body.style.overflow;
    body.style.overflow = "hidden";
  }
  for (const el of body.children)
    if (el instanceof HTMLElement && !el.contains(top)) {
      el.inert = true;
      madeInert.add(el);
    }
}

export function pushModal(root: HTMLElement): void {
  open.push(root);
  apply(root.ownerDocument.body);
}

export function removeModal(root: HTMLElement): void {
  const index = open.indexOf(root);
  if (index !== -1) open.splice(index, 1);
  apply(root.ownerDocument.body);
}

export function isTopModal(root: HTMLElement): boolean {
  return open.at(-1) === root;
}
