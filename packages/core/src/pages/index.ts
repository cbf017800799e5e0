/**
 * What the public project pages need besides the domain's rules (Node only: used by the static export and
 * the server's page render, never shipped to the browser): the long description's Markdown and the share
 * cards.
 */
export { renderMarkdown } from "./markdown.ts";
export {
  renderShareCard,
  SHARE_CARD_HEIGHT,
  SHARE_CARD_WIDTH,
  type ShareCardInput,
  shareCardKey,
} from "./share-card.ts";
