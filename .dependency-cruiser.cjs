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
      name: "host-is-headless",
      comment:
        "The host is every front end's runtime (a command, a server, someone's program): no UI library.",
      severity: "error",
      from: { path: "^packages/host/src/", pathNot: shipped },
      to: { path: "node_modules/(ink|react|react-dom|marked|ink-[^/]+)/|^(ink|react|marked)$" },
    },
    {
      name: "host-loads-plug-ins-by-name",
      comment:
        "The host knows providers, tools and stores only as a table of names to modules, loaded by the one plug-in loader: never a static import (memory's conversation and stores are the runtime's own).",
      severity: "error",
      from: { path: "^packages/host/src/", pathNot: shipped },
      to: {
        path: "^packages/(llm|tool|memory-redis)[^/]*/|(^|node_modules/)@langchain-mini/(llm|tool|memory-redis)",
      },
    },
    {
      name: "app-reaches-plug-ins-through-the-host",
      comment:
        "The app's front ends get providers, tools and stores from the host, never by importing them. bundled-modules.ts only hands the host its built-ins as the bundler's imports.",
      severity: "error",
      from: { path: "^apps/tui/src/", pathNot: `${shipped}|^apps/tui/src/bundled-modules\\.ts$` },
      to: {
        path: "^packages/(llm|tool|memory)[^/]*/|(^|node_modules/)@langchain-mini/(llm|tool|memory)",
      },
    },
    {
      name: "plug-ins-stand-apart",
      comment:
        "A provider, tool or store package depends on core (and prompts) for its contract, never on a sibling.",
      severity: "error",
      from: { path: "^packages/((llm|tool|memory)[a-z-]*)/src/", pathNot: shipped },
      to: {
        path: "^packages/(llm|tool|memory)[^/]*/|^(node_modules/)?@langchain-mini/(llm|tool|memory)",
        pathNot: "^packages/$1/",
      },
    },
  ],
  options: {
    // A package of ours resolves to its build (dist) once built: kept as a module, so that
    // the rules above see it, but not followed.
    doNotFollow: { path: "(^|/)(node_modules|dist)/" },
    exclude: { path: "(^|/)\\.turbo/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "types"] },
  },
};
