import { describe, expect, it } from "vitest";
import { type JsonLdProject, jsonLdText, projectJsonLd } from "./project-json-ld.ts";

const PLACE = {
  pageUrl: "https://alexmorgan.dev/projects/chat-bot",
  imageUrl: "https://alexmorgan.dev/projects/chat-bot/og.png",
  author: { name: "Alex Morgan", url: "https://alexmorgan.dev/" },
};

const PROJECT: JsonLdProject = {
  title: "Chat Bot",
  description: "A bot for chat.",
  tags: ["TypeScript", "Twitch"],
  createdAt: "2024-01-02T03:04:05.000Z",
  updatedAt: "2025-01-02T03:04:05.000Z",
};

describe("projectJsonLd", () => {
  it("is SoftwareSourceCode with its codeRepository when the project links its code", () => {
    expect(projectJsonLd({ ...PROJECT, github: "https://github.com/a/chat-bot" }, PLACE)).toEqual({
      "@context": "https://schema.org",
      "@type": "SoftwareSourceCode",
      name: "Chat Bot",
      description: "A bot for chat.",
      url: "https://alexmorgan.dev/projects/chat-bot",
      image: "https://alexmorgan.dev/projects/chat-bot/og.png",
      keywords: "TypeScript, Twitch",
      dateCreated: "2024-01-02T03:04:05.000Z",
      dateModified: "2025-01-02T03:04:05.000Z",
      author: { "@type": "Person", name: "Alex Morgan", url: "https://alexmorgan.dev/" },
      codeRepository: "https://github.com/a/chat-bot",
    });
  });

  it("is CreativeWork without codeRepository when there is no Code link", () => {
    const data = projectJsonLd(PROJECT, PLACE);
    expect(data["@type"]).toBe("CreativeWork");
    expect(data).not.toHaveProperty("codeRepository");
  });

  it("names the Demo link as sameAs", () => {
    expect(projectJsonLd({ ...PROJECT, externalLink: "https://demo.example" }, PLACE).sameAs).toBe(
      "https://demo.example",
    );
  });

  it("leaves out keywords for a project without tags", () => {
    expect(projectJsonLd({ ...PROJECT, tags: [] }, PLACE)).not.toHaveProperty("keywords");
  });
});

describe("jsonLdText", () => {
  it("cannot close its script element", () => {
    const text = jsonLdText(projectJsonLd({ ...PROJECT, title: "</script><script>alert(1)</script>" }, PLACE));
    expect(text).not.toContain("</script");
    expect(text).not.toContain("<");
    expect(JSON.parse(text).name).toBe("</script><script>alert(1)</script>");
  });
});
