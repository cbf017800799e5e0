/**
 * The built-in list of 14 projects (spec section 3): shown by the site when the API cannot be reached,
 * and seeded into an empty database on first start. Exactly one is latest (the cat-of-the-day widget)
 * and two are archived.
 */
import type { Project } from "./projects.ts";

type Seed = Omit<Project, "_id" | "createdAt" | "updatedAt" | "version" | "isArchived" | "isLatest"> &
  Partial<Pick<Project, "isArchived" | "isLatest">>;

const GITHUB = "https://github.com/portfolio-owner";

const SEEDS: readonly Seed[] = [
  {
    title: "Rating System & Chat Bot",
    description: "A community rating system with a chat bot that collects, averages and announces ratings.",
    github: `${GITHUB}/rating-system`,
    tags: ["TypeScript", "Node.js", "MongoDB"],
  },
  {
    title: "Portfolio Website",
    description: "This site: a project showcase, a live age counter, easter eggs and an admin panel.",
    github: `${GITHUB}/portfolio`,
    externalLink: "/",
    tags: ["React", "TypeScript", "Tailwind CSS", "Express"],
  },
  {
    title: "Loan Manager",
    description: "Tracks personal loans, repayments and reminders in one place.",
    github: `${GITHUB}/loan-manager`,
    tags: ["Python", "SQLite"],
  },
  {
    title: "Debug Message Editor Extension",
    description: "An editor extension that inserts, highlights and cleans up debug messages.",
    github: `${GITHUB}/debug-messages`,
    tags: ["TypeScript", "VS Code"],
  },
  {
    title: "Heart Rate Stream Widget",
    description: "Shows the streamer's live heart rate on stream with an animated heart.",
    github: `${GITHUB}/twitch-widgets`,
    externalLink: "/twitchheartwidget",
    tags: ["JavaScript", "WebSocket", "OBS"],
  },
  {
    title: "Chat Box Stream Widget",
    description: "A transparent chat overlay for streams with badges, emotes and fading messages.",
    github: `${GITHUB}/twitch-widgets`,
    externalLink: "/twitchchatwidget",
    tags: ["JavaScript", "Twitch", "OBS"],
  },
  {
    title: "Countdown Stream Widget",
    description: "A countdown overlay for stream starts and breaks that survives reloads.",
    github: `${GITHUB}/twitch-widgets`,
    externalLink: "/twitchcountdownwidget",
    tags: ["JavaScript", "OBS"],
  },
  {
    title: "Cat of the Day Stream Widget",
    description: "A new cat picture every day, the same for every viewer.",
    github: `${GITHUB}/twitch-widgets`,
    externalLink: "/twitchcotdwidget",
    tags: ["JavaScript", "OBS", "API"],
    isLatest: true,
  },
  {
    title: "Scam Message Detector",
    description: "Detects and flags scam and phishing messages in chat communities.",
    github: `${GITHUB}/scam-detector`,
    tags: ["Python", "Machine Learning"],
  },
  {
    title: "Chat Bot with Web Dashboard",
    description: "A multi-purpose chat bot configured through its own web dashboard.",
    github: `${GITHUB}/chat-bot`,
    externalLink: "https://dashboard.example.com",
    tags: ["TypeScript", "React", "Node.js"],
  },
  {
    title: "Economy Bot",
    description: "A virtual economy for communities: currency, shops, daily rewards and leaderboards.",
    github: `${GITHUB}/economy-bot`,
    tags: ["JavaScript", "Node.js", "MongoDB"],
  },
  {
    title: "System Assistant Bot",
    description: "A bot that reports server health and runs maintenance tasks on command.",
    github: `${GITHUB}/system-assistant`,
    tags: ["Python", "Linux"],
  },
  {
    title: "Moderation Tool",
    description: "Tools for moderators: warnings, mutes and an audit trail. No longer maintained.",
    github: `${GITHUB}/moderation-tool`,
    tags: ["JavaScript", "Node.js"],
    isArchived: true,
  },
  {
    title: "Discord Bot",
    description: "The first bot: fun commands and music for a small community. No longer maintained.",
    github: `${GITHUB}/discord-bot`,
    tags: ["JavaScript", "Discord"],
    isArchived: true,
  },
];

const BUILT_IN_DATE = "2025-01-01T00:00:00.000Z";

export const FALLBACK_PROJECTS: readonly Project[] = SEEDS.map((seed, index) => ({
  _id: `fallback-${index + 1}`,
  isArchived: false,
  isLatest: false,
  createdAt: BUILT_IN_DATE,
  updatedAt: BUILT_IN_DATE,
  version: 1,
  ...seed,
}));
