import { FALLBACK_PROJECTS, type Project } from "@portfolio/core/domain";
import { describe, expect, it } from "vitest";
import { PROJECT_PAGE_DATA_ID, parseProjectPageData } from "../lib/project-page-data.tsx";
import { type ProjectDocumentInput, projectPageDocument } from "./document.ts";

const project: Project = {
  ...(FALLBACK_PROJECTS[0] as Project),
  _id: "p1",
  title: "Chat </script> Bot",
  slug: "chat-bot",
  description: 'Reads "chat".',
  github: "https://github.com/example/chat-bot",
  externalLink: "/twitchchatwidget",
  pictures: [],
  longDescription: "",
};

const input: ProjectDocumentInput = {
  template: "<html><head><!--head--></head><body><div id=root><!--app--></div></body></html>",
  project,
  projects: [project],
  siteUrl: "https://example.dev",
  siteName: "Alex",
};

/** The app as a stand-in: the document's own parts are under test here (the components in the browser tests). */
const app = async () => "<main>app</main>";

describe("projectPageDocument", () => {
  it("names the share card by its absolute address in og:image and twitter:image", async () => {
    const html = await projectPageDocument(input, app);
    const card = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(card).toMatch(/^https:\/\/example\.dev\/projects\/chat-bot\/card-[0-9a-f]{16}\.png$/);
    expect(html).toContain(`<meta name="twitter:image" content="${card}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it("escapes the project's text in attributes and the title", async () => {
    const html = await projectPageDocument(input, app);
    expect(html).toContain('<meta name="description" content="Reads &quot;chat&quot;." />');
    expect(html).toContain("<title>Chat &lt;/script&gt; Bot | Alex</title>");
  });

  it("writes JSON-LD that no project text can close, with whole addresses", async () => {
    const html = await projectPageDocument(input, app);
    const text = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? "";
    const data = JSON.parse(text);
    expect(data).toMatchObject({
      "@type": "SoftwareSourceCode",
      name: "Chat </script> Bot",
      codeRepository: "https://github.com/example/chat-bot",
      sameAs: "https://example.dev/twitchchatwidget",
    });
  });

  it("carries the page's data in a block the client reads back", async () => {
    const html = await projectPageDocument(input, app);
    const block = new RegExp(`<script type="application/json" id="${PROJECT_PAGE_DATA_ID}">(.*?)</script>`).exec(html);
    expect(parseProjectPageData(block?.[1])?.project.title).toBe("Chat </script> Bot");
  });

  it("preloads the first picture's AVIF variants from the head, as the gallery sizes it", async () => {
    const picture = { hash: "b".repeat(64), alt: "B", caption: "", width: 1200, height: 600, cover: true };
    const html = await projectPageDocument({ ...input, project: { ...project, pictures: [picture] } }, app);
    expect(html).toContain(
      `<link rel="preload" as="image" type="image/avif" imagesrcset="/media/${picture.hash}/480.avif 480w, /media/${picture.hash}/720.avif 720w, /media/${picture.hash}/960.avif 960w" imagesizes="(min-width: 56rem) 53rem, calc(100vw - 2rem)" fetchpriority="high" />`,
    );
  });

  it("preloads no picture for a project without one", async () => {
    expect(await projectPageDocument(input, app)).not.toContain('rel="preload" as="image"');
  });

  it("puts the app where the template says", async () => {
    expect(await projectPageDocument(input, app)).toContain("<div id=root><main>app</main></div>");
  });
});
