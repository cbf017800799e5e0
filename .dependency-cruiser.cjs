// Import rules between the rooms of the repository (docs/design.md section 8: no import circles; test
// support that several apps share lives in one workspace package, not in another app's folders).
// `pnpm lint` runs them over packages/ and apps/; scripts/import-rules.test.ts proves each rule on a
// small tree of its own.

/** Test code: test and browser-test files, anything under a test/, testing/ or e2e/ folder, and the shared
 *  test-support package (packages/testing). */
const TEST = "(^|/)(test|testing|e2e)/|\\.(test|e2e)\\.[cm]?[jt]sx?$|^packages/testing/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "A circle of imports (type-only imports count: they tie the files' shapes together just the same). " +
        "Move what both sides need into a module both import, or pass it in.",
      from: { path: "^(packages|apps)/" },
      to: { circular: true },
    },
    {
      name: "packages-not-to-apps",
      severity: "error",
      comment:
        "Shared packages serve the apps; an app's files are never a package's dependency. The one package above " +
        "the apps is packages/testing, the tests' support: its test server starts the real server app, and " +
        "only tests may import it (product-not-to-test).",
      from: { path: "^packages/", pathNot: "^packages/testing/" },
      to: { path: "^apps/" },
    },
    {
      name: "product-not-to-test",
      severity: "error",
      comment:
        "Product code (what ships: the src folders of packages and apps, tests aside) never reaches into " +
        "test code, so tests and their helpers never ship. Benches, scripts and test-runner configs are tools " +
        "around the product and may use test support.",
      from: { path: "^(packages|apps)/[^/]+/src/", pathNot: TEST },
      to: { path: `^(packages|apps)/.*(${TEST})` },
    },
    {
      name: "no-cross-app",
      severity: "error",
      comment:
        "An app never imports another app's files; what two apps share belongs in packages/ " +
        "(test support in packages/testing).",
      from: { path: "^apps/([^/]+)/" },
      to: { path: "^apps/", pathNot: "^apps/$1/" },
    },
  ],
  options: {
    // Type-only imports are dependencies too (a circle through a type is still a circle).
    tsPreCompilationDeps: true,
    doNotFollow: { path: "(^|/)node_modules/" },
    exclude: { path: "(^|/)(node_modules|dist|out|release|\\.tmp|coverage|test-results|playwright-report)/" },
    // Workspace packages resolve through pnpm's links to their real folders, by their `exports`.
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types"],
      extensions: [".ts", ".tsx", ".mts", ".d.mts", ".js", ".mjs", ".cjs", ".json"],
    },
    // Reruns read only the files that changed since the last run.
    cache: { folder: "node_modules/.cache/dependency-cruiser", strategy: "content" },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
