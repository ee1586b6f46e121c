import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { tempDir } from "../test-support/temp-dir.js";
import { locateModule } from "./locate-module.js";

/** A package `name` under `folder`/node_modules; returns its module's URL. */
function installed(folder: string, name: string) {
  const root = join(folder, "node_modules", name);
  mkdirSync(root, { recursive: true });
  writeFileSync(
    join(root, "package.json"),
    JSON.stringify({ name, type: "module", exports: "./index.js" }),
  );
  writeFileSync(join(root, "index.js"), "export const createTools = () => [];\n");
  return pathToFileURL(join(root, "index.js")).href;
}

describe("locateModule", () => {
  it("finds a package by name in the working directory, then among the added plug-ins", async () => {
    const cwd = tempDir();
    const pluginHome = tempDir();
    const inProject = installed(cwd, "acme-both");
    installed(pluginHome, "acme-both");
    const added = installed(pluginHome, "acme-added");
    const options = { cwd, pluginHome };
    expect(await locateModule("acme-both", "tool", options)).toBe(inProject);
    expect(await locateModule("acme-added", "tool", options)).toBe(added);
    expect(await locateModule("acme-nowhere", "tool", options)).toBeUndefined();
  });

  it("never takes a built-in from the working directory: beside the app, or added", async () => {
    const cwd = tempDir();
    const pluginHome = tempDir();
    installed(cwd, "acme-planted");
    const added = installed(pluginHome, "acme-addon");
    const options = { cwd, pluginHome, builtIn: true };
    expect(await locateModule("acme-planted", "tool", options)).toBeUndefined();
    expect(await locateModule("acme-addon", "tool", options)).toBe(added);
    expect(await locateModule("@langchain-mini/tool-calculator", "tool", options)).toMatch(
      /^file:.*tool-calculator/,
    );
  });

  it("refuses a FIFO where Node would read a module or a package.json, in one line", async () => {
    const cwd = tempDir();
    execFileSync("mkfifo", [join(cwd, "tool.mjs")]);
    const pluginHome = tempDir();
    const root = join(pluginHome, "node_modules", "acme-fifo");
    mkdirSync(root, { recursive: true });
    execFileSync("mkfifo", [join(root, "package.json")]);
    const options = { cwd, pluginHome };
    await expect(locateModule("./tool.mjs", "tool", options)).rejects.toMatchObject({
      code: "config_invalid",
      message: `Cannot load the tool module './tool.mjs': ${join(cwd, "tool.mjs")} is not a regular file (a FIFO, device or socket), which Node.js would wait on for ever`,
    });
    await expect(locateModule("acme-fifo", "tool", options)).rejects.toMatchObject({
      message: `Cannot load the tool module 'acme-fifo': ${join(root, "package.json")} is not a regular file (a FIFO, device or socket), which Node.js would wait on for ever`,
    });
  });
});
