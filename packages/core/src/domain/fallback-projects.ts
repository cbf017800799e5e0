/**
 * The built-in list of 14 projects (spec section 3): shown by the site when the API cannot be reached,
 * and seeded into an empty database on first start. Exactly one is latest (the cat-of-the-day widget)
 * and two are archived.
 */
import type { Project } from "./projects.ts";
import { slugify } from "./slug.ts";

type Seed = Omit<
  Project,
  "_id" | "createdAt" | "updatedAt" | "version" | "isArchived" | "isLatest" | "slug" | "longDescription" | "pictures"
> &
  Partial<Pick<Project, "isArchived" | "isLatest">> & {
    /** When work started and when it was last touched, in days before the list's reference time. */
    startedDaysAgo: number;
    updatedDaysAgo: number;
  };

const GITHUB = "https://github.com/portfolio-owner";

const SEEDS: readonly Seed[] = [
  {
    title: "Rating System & Chat Bot",
    startedDaysAgo: 700,
    updatedDaysAgo: 190,
    description: "A community rating system with a chat bot that collects, averages and announces ratings.",
    github: `${GITHUB}/rating-system`,
    tags: ["TypeScript", "Node.js", "MongoDB"],
  },
  {
    title: "Portfolio Website",
    startedDaysAgo: 200,
    updatedDaysAgo: 2,
    description: "This site: a project showcase, a live age counter, easter eggs and an admin panel.",
    github: `${GITHUB}/portfolio`,
    externalLink: "/",
    tags: ["React", "TypeScript", "Tailwind CSS", "Express"],
  },
  {
    title: "Loan Manager",
    startedDaysAgo: 450,
    updatedDaysAgo: 210,
    description: "Tracks personal loans, repayments and reminders in one place.",
    github: `${GITHUB}/loan-manager`,
    tags: ["Python", "SQLite"],
  },
  {
    title: "Debug Message Editor Extension",
    startedDaysAgo: 260,
    updatedDaysAgo: 95,
    description: "An editor extension that inserts, highlights and cleans up debug messages.",
    github: `${GITHUB}/debug-messages`,
    tags: ["TypeScript", "VS Code"],
  },
  {
    title: "Heart Rate Stream Widget",
    startedDaysAgo: 150,
    updatedDaysAgo: 40,
    description: "Shows the streamer's live heart rate on stream with an animated heart.",
    github: `${GITHUB}/twitch-widgets`,
    externalLink: "/twitchheartwidget",
    tags: ["JavaScript", "WebSocket", "OBS"],
  },
  {
    title: "Chat Box Stream Widget",
    startedDaysAgo: 120,
    updatedDaysAgo: 25,
    description: "A transparent chat overlay for streams with badges, emotes and fading messages.",
    github: `${GITHUB}/twitch-widgets`,
    externalLink: "/twitchchatwidget",
    tags: ["JavaScript", "Twitch", "OBS"],
  },
  {
    title: "Countdown Stream Widget",
    startedDaysAgo: 90,
    updatedDaysAgo: 14,
    description: "A countdown overlay for stream starts and breaks that survives reloads.",
    github: `${GITHUB}/twitch-widgets`,
    externalLink: "/twitchcountdownwidget",
    tags: ["JavaScript", "OBS"],
  },
  {
    title: "Cat of the Day Stream Widget",
    startedDaysAgo: 30,
    updatedDaysAgo: 6,
    description: "A new cat picture every day, the same for every viewer.",
    github: `${GITHUB}/twitch-widgets`,
    externalLink: "/twitchcotdwidget",
    tags: ["JavaScript", "OBS", "API"],
    isLatest: true,
  },
  {
    title: "Scam Message Detector",
    startedDaysAgo: 330,
    updatedDaysAgo: 75,
    description: "Detects and flags scam and phishing messages in chat communities.",
    github: `${GITHUB}/scam-detector`,
    tags: ["Python", "Machine Learning"],
  },
  {
    title: "Chat Bot with Web Dashboard",
    startedDaysAgo: 400,
    updatedDaysAgo: 45,
    description: "A multi-purpose chat bot configured through its own web dashboard.",
    github: `${GITHUB}/chat-bot`,
    externalLink: "https://dashboard.example.com",
    tags: ["TypeScript", "React", "Node.js"],
  },
  {
    title: "Economy Bot",
    startedDaysAgo: 760,
    updatedDaysAgo: 300,
    description: "A virtual economy for communities: currency, shops, daily rewards and leaderboards.",
    github: `${GITHUB}/economy-bot`,
    tags: ["JavaScript", "Node.js", "MongoDB"],
  },
  {
    title: "System Assistant Bot",
    startedDaysAgo: 540,
    updatedDaysAgo: 120,
    description: "A bot that reports server health and runs maintenance tasks on command.",
    github: `${GITHUB}/system-assistant`,
    tags: ["Python", "Linux"],
  },
  {
    title: "Moderation Tool",
    startedDaysAgo: 980,
    updatedDaysAgo: 610,
    description: "Tools for moderators: warnings, mutes and an audit trail. No longer maintained.",
    github: `${GITHUB}/moderation-tool`,
    tags: ["JavaScript", "Node.js"],
    isArchived: true,
  },
  {
    title: "Discord Bot",
    startedDaysAgo: 1150,
    updatedDaysAgo: 820,
    description: "The first bot: fun commands and music for a small community. No longer maintained.",
    github: `${GITHUB}/discord-bot`,
    tags: ["JavaScript", "Discord"],
    isArchived: true,
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The built-in projects dated relative to `now`: each carries its own start and last-update day (the
 * calendar shows a history, not every project started on the seeding day), at varied times of day.
 * `_id`s are `fallback-1` to `fallback-14`; the seeding gives them fresh ids.
 */
export function builtInProjects(now: Date): Project[] {
  return SEEDS.map(({ startedDaysAgo, updatedDaysAgo, ...seed }, index) => {
    // A few hours apart so no two projects share a timestamp (the list is ordered by creation time).
    const hours = ((index * 5) % 9) * 60 * 60 * 1000;
    return {
      _id: `fallback-${index + 1}`,
      isArchived: false,
      isLatest: false,
      createdAt: new Date(now.getTime() - startedDaysAgo * DAY_MS - hours).toISOString(),
      updatedAt: new Date(now.getTime() - updatedDaysAgo * DAY_MS - hours).toISOString(),
      version: 1,
      // The titles are distinct, so their slugs are too (fallback-projects.test.ts).
      slug: slugify(seed.title),
      longDescription: "",
      pictures: [],
      ...seed,
    };
  });
}

/** The reference time of the fallback list the site shows when the API cannot be reached. */
const FALLBACK_REFERENCE = new Date("2026-11-01T12:00:00.000Z");

export const FALLBACK_PROJECTS: readonly Project[] = builtInProjects(FALLBACK_REFERENCE);
