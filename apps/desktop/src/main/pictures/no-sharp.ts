/**
 * What `sharp` resolves to in the desktop's main bundle (electron.vite.config.ts). The desktop keeps the
 * pictures added here as they are and the server makes their variants (docs/design.md §5), so no desktop
 * path ever calls sharp; Electron would need its own native build of it besides. This stands in for the
 * 340 kB of its JavaScript the bundle would otherwise carry, and fails loudly if a change ever reaches it.
 */
export default function sharp(): never {
  throw new Error("The desktop app does not process pictures: the server makes their variants.");
}
