/** The OpenAPI document as one plain HTML page to read (`GET /api/docs`): no script, no outside assets. */
type Json = Record<string, unknown>;

const html = (text: unknown) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function block(title: string, value: unknown): string {
  return value === undefined ? "" : `<h4>${title}</h4><pre>${html(JSON.stringify(value, null, 2))}</pre>`;
}

export function apiDocsPage(document: Json): string {
  const info = document.info as { title: string; description: string };
  const sections: string[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      const body = (op.requestBody as { content: Record<string, { schema: unknown }> } | undefined)?.content[
        "application/json"
      ]?.schema;
      const parameters = (op.parameters as unknown[]).length > 0 ? op.parameters : undefined;
      sections.push(
        `<section id="${html(op.operationId)}"><h3><code>${method.toUpperCase()} ${html(path)}</code> ` +
          `<small>${html(op.operationId)} · ${html(op["x-policy-action"])}</small></h3><p>${html(op.summary)}</p>` +
          `<p>Answers: ${Object.keys(op.responses as Json).join(", ")}</p>` +
          block("Parameters", parameters) +
          block("Body", body) +
          "</section>",
      );
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(info.title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111;background:#fff}
pre{background:#f4f4f5;padding:.75rem;overflow:auto;font-size:13px}section{border-top:1px solid #ddd;padding:.5rem 0}small{color:#555;font-weight:normal}
@media (prefers-color-scheme:dark){body{color:#eee;background:#111}pre{background:#222}small{color:#aaa}}</style></head>
<body><h1>${html(info.title)}</h1><p>${html(info.description)}</p><p><a href="/api/openapi.json">openapi.json</a></p>${sections.join("\n")}</body></html>`;
}
