/** Chat badges drawn by the widget (Twitch's badge images need an authenticated API call). */
import type { Badge } from "./chat-message.ts";

const STYLE: Record<string, { bg: string; path: string }> = {
  broadcaster: { bg: "#E91916", path: "M3 7h11v10H3zM14 10l6-3v10l-6-3z" },
  moderator: { bg: "#00AD03", path: "M18 3h3v3l-9 9-3-3zM5 14l5 5-2 2-2-2-2 2-1-1 2-2-2-2z" },
  vip: { bg: "#E005B9", path: "M12 3l8 7-8 11-8-11z" },
  subscriber: { bg: "#8205B4", path: "M12 2l3 7h7l-5.5 4.5 2 7.5-6.5-4.5-6.5 4.5 2-7.5L2 9h7z" },
  founder: { bg: "#B8860B", path: "M12 2l3 7h7l-5.5 4.5 2 7.5-6.5-4.5-6.5 4.5 2-7.5L2 9h7z" },
  partner: { bg: "#9146FF", path: "M9.5 16.5L4 11l2-2 3.5 3.5L18 4l2 2z" },
  premium: { bg: "#0E9DD9", path: "M3 18h18l-2-11-5 5-2-7-2 7-5-5z" },
  turbo: { bg: "#59399A", path: "M13 2L4 14h7l-1 8 9-12h-7z" },
  bits: { bg: "#6441A5", path: "M12 2l7 12-7 8-7-8z" },
  staff: { bg: "#000000", path: "M12 2l9 5v10l-9 5-9-5V7z" },
  admin: { bg: "#FAAF19", path: "M12 2l9 5v10l-9 5-9-5V7z" },
  artist: { bg: "#1E69FF", path: "M4 20c3 0 5-2 5-5l9-11 2 2-11 9c0 3-2 5-5 5z" },
};

export function ChatBadge({ badge }: { badge: Badge }) {
  const style = STYLE[badge.kind];
  if (!style) return null;
  return (
    <span
      role="img"
      aria-label={badge.label}
      title={badge.label}
      className="mr-1 inline-flex size-[1.1em] items-center justify-center rounded-[0.2em] align-[-0.15em]"
      style={{ backgroundColor: style.bg }}
      data-badge={badge.kind}
    >
      <svg viewBox="0 0 24 24" className="size-[0.8em]" fill="#fff" aria-hidden="true" focusable="false">
        <path d={style.path} />
      </svg>
    </span>
  );
}
