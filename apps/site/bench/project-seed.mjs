/**
 * The bench's project page: a project with six pictures, made through the real API of the server being
 * measured (the owner's login, a project, six uploads), so the page is the one a visitor would get.
 */
import { samplePng } from "@portfolio/testing/pictures/sample-png.mjs";
import { OWNER } from "../scripts/testing/real-server.mjs";

const DESCRIPTION = [
  "## What it does",
  "Reads the chat of a live stream and answers commands, with a dashboard for the streamer.",
  "- Commands with cooldowns\n- A queue for viewers\n- Moderation helpers",
  "## How it is built",
  "TypeScript on Node, a small React dashboard, and SQLite. See the [code](https://github.com/example/bot).",
].join("\n\n");

/** Creates the project; answers its page's path. */
export async function seedProjectPage(baseUrl) {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ username: OWNER.username, password: OWNER.password }),
  });
  if (login.status !== 200) throw new Error(`bench: owner login failed (${login.status})`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const headers = { origin: baseUrl, cookie };
  const created = await fetch(`${baseUrl}/api/projects`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({
      title: "Stream Chat Bot",
      description: "A chat bot for live streams, with a dashboard.",
      tags: ["TypeScript", "Node.js", "Twitch", "React"],
      github: "https://github.com/example/bot",
      externalLink: "https://example.com/bot",
      longDescription: DESCRIPTION,
    }),
  });
  if (created.status !== 201) throw new Error(`bench: creating the project failed (${created.status})`);
  const project = await created.json();
  for (let i = 0; i < 6; i++) {
    const form = new FormData();
    const png = samplePng({ width: 1600, height: 1000, seed: i + 1 });
    form.set("file", new Blob([png], { type: "image/png" }), `screen-${i + 1}.png`);
    form.set("alt", `Screenshot ${i + 1} of the chat bot's dashboard`);
    form.set("caption", `Screen ${i + 1}`);
    const upload = await fetch(`${baseUrl}/api/projects/${project._id}/pictures`, {
      method: "POST",
      headers,
      body: form,
    });
    if (upload.status !== 201) throw new Error(`bench: picture ${i + 1} was refused (${upload.status})`);
  }
  return `/projects/${project.slug}`;
}
