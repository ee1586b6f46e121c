import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { modulesIn } from "./test-support/loaded-modules.js";

// What the published bundle (dist/, built by `rolldown -c`) holds: the modules the bundler
// put in each chunk, by the path comment it heads each with.
const dist = resolve(import.meta.dirname, "../dist");
const modules = readdirSync(dist)
  .filter((name) => name.endsWith(".js"))
  .flatMap((name) => modulesIn(pathToFileURL(join(dist, name)).href));
const inPackage = (name: string) => modules.filter((path) => path.includes(`/${name}/`));

describe("the bundle", () => {
  it("holds the app, the host, core, the built-ins and Ink", () => {
    for (const path of [
      "src/cli.ts",
      "src/ui/components/chat-body.tsx",
      "packages/host/dist/create-host.js",
      "packages/core/dist/agent/react-agent.js",
      "packages/llm-openai/dist/openai-llm.js",
      "packages/tool-mcp/dist/connect.js",
    ]) {
      expect(
        modules.some((module) => module.endsWith(path)),
        path,
      ).toBe(true);
    }
    expect(inPackage("ink").length).toBeGreaterThan(30);
  });

  it("takes from es-toolkit only the function Ink uses, not its 415-module compat index", () => {
    const taken = inPackage("es-toolkit").map((path) => path.replace(/.*\/es-toolkit\/dist\//, ""));
    expect(taken.length).toBeLessThan(10);
    expect(taken).toContain("compat/function/throttle.mjs");
  });

  it("holds React's production builds only", () => {
    const builds = modules.filter((path) =>
      /\/cjs\/[\w.-]+\.(development|production)\.js$/.test(path),
    );
    expect(builds.length).toBeGreaterThan(0);
    expect(builds.filter((path) => path.includes(".development."))).toEqual([]);
  });

  it("has Ink measure text with the lean string-width, the real one left outside", () => {
    expect(modules).toContain("src/ui/lean-string-width.ts");
    expect(inPackage("string-width")).toEqual([]);
  });
});
