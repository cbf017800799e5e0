/**
 * Keeping the home page's grid still when live data replaces the prerendered list: the visitor has
 * already seen (and maybe started reading) the build-time random order, so the live list takes that
 * order instead of being shuffled again.
 */
import type { Project } from "@portfolio/core/domain";

/**
 * `live` in the order of `shown`. A project is recognised by its id, else by its title (a site built
 * without a server shows the built-in list, whose ids differ from the seeded copies). Projects not
 * shown before keep their place after the known ones, in the order they came.
 */
export function keepShownOrder(live: readonly Project[], shown: readonly Project[]): Project[] {
  const unplaced = [...live];
  const take = (match: (p: Project) => boolean): Project | undefined => {
    const index = unplaced.findIndex(match);
    return index === -1 ? undefined : unplaced.splice(index, 1)[0];
  };
  const ordered: Project[] = [];
  for (const seen of shown) {
    const found = take((p) => p._id === seen._id) ?? take((p) => p.title === seen.title);
    if (found) ordered.push(found);
  }
  return [...ordered, ...unplaced];
}

/** The same projects with the same content in the same order (the live answer changed nothing). */
export function sameProjects(a: readonly Project[], b: readonly Project[]): boolean {
  return a.length === b.length && a.every((project, i) => JSON.stringify(project) === JSON.stringify(b[i]));
}
