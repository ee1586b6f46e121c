// The architecture's arrows, checked with every test run (`pnpm test` runs `pnpm run deps`).
// Shipped code only: tests may reach a sibling's `./testing` fakes and suites.
const shipped = "\\.test\\.tsx?$|/test-support/|/testing/|/fixtures/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "Modules import in one direction: a cycle means two modules share one concept.",
      severity: "error",
      from: { path: "^(packages|apps)/" },
      to: { circular: true },
    },
    {
      name: "core-stands-alone",
      comment:
        "core holds the contracts: it imports no sibling but prompts, and no vendor SDK (only type-only specs).",
      severity: "error",
      from: { path: "^packages/core/src/", pathNot: shipped },
      to: {
        dependencyTypesNot: ["core", "local", "type-only"],
        // Before the first build (a fresh clone), prompts does not resolve: its bare name.
        pathNot:
          "^packages/(core|prompts)/|node_modules/@langchain-mini/prompts/|^@langchain-mini/prompts$",
      },
    },
    {
      name: "no-package-imports-the-app",
      severity: "error",
      from: { path: "^packages/" },
      to: { path: "^apps/|node_modules/langchain-mini/" },
    },
    {
      name: "no-test-code-shipped",
      comment:
        "Shipped code never imports test support or fakes: tsc would compile them into dist and the tarball.",
      severity: "error",
      from: { path: "^(packages|apps)/[^/]+/src/", pathNot: shipped },
      to: { path: "/(test-support|fixtures)/|\\.test\\.tsx?$" },
    },
    {
      name: "plug-ins-stand-apart",
      comment:
        "A provider, tool or store package depends on core (and prompts) for its contract, never on a sibling.",
      severity: "error",
      from: { path: "^packages/([a-z]+-?[a-z]*)/src/", pathNot: shipped },
      to: {
        path: "^packages/(llm|tool|memory)[^/]*/|^(node_modules/)?@langchain-mini/(llm|tool|memory)",
        pathNot: "^packages/$1/",
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(dist|node_modules|\\.turbo)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "types"] },
  },
};
