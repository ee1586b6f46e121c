import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createHost, type Host } from "../create-host.js";
import { tempDir } from "../test-support/temp-dir.js";
import type { BundledModules } from "./locate-module.js";

// A bundled CLI carries its built-ins inside it: the host loads a built-in from the
// bundle's table instead of looking for a package, and never lets the table stand in for
// a name that is not built in.

const hosts: Host[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

/** A tool module named `calculator` whose answer says where it came from. */
function toolModule(directory: string, answer: string) {
  const file = join(directory, `${answer}.mjs`);
  writeFileSync(
    file,
    `export const description = "a tool";
     export function createTools() {
       return [{ name: "calculator", description: "says ${answer}", execute: () => "${answer}" }];
     }`,
  );
  return pathToFileURL(file).href;
}

/** What the calculator observed in a run whose model calls it once. */
async function observation(host: Host) {
  const session = await host.openSession({ llm: "script:script.json", tools: "calculator" });
  const run = session.ask("What is 6 * 7?");
  let output: string | undefined;
  for await (const event of run) if (event.type === "tool-end") output = event.output;
  expect((await run.result).status).toBe("answered");
  await session.close();
  return output;
}

function hostWith(bundled: BundledModules) {
  const directory = tempDir();
  const replies = [
    " I will compute it.\nAction: calculator\nAction Input: 6 * 7",
    " I now know the final answer\nFinal Answer: 42",
  ];
  writeFileSync(join(directory, "script.json"), JSON.stringify(replies));
  const host = createHost({
    env: { LANGCHAIN_MINI_HOME: join(directory, "data") },
    cwd: directory,
    bundled,
  });
  hosts.push(host);
  return host;
}

describe("bundled built-ins", () => {
  it("load from the bundle's table instead of the installed package", async () => {
    const modules = tempDir();
    const url = toolModule(modules, "from-the-bundle");
    const loaded: string[] = [];
    const host = hostWith(
      new Map([
        [
          "@langchain-mini/tool-calculator",
          () => {
            loaded.push("calculator");
            return import(url);
          },
        ],
      ]),
    );
    expect(await observation(host)).toBe("from-the-bundle");
    expect(loaded).toEqual(["calculator"]);
  });

  it("are looked up as installed when the table does not carry them", async () => {
    const host = hostWith(new Map());
    // The real calculator package, installed beside the host.
    expect(await observation(host)).toBe("42");
  });

  it("never stand in for a name that is not built in", async () => {
    const modules = tempDir();
    const url = toolModule(modules, "from-the-bundle");
    const host = hostWith(new Map([["not-a-built-in", () => import(url)]]));
    await expect(
      host.openSession({ llm: "script:script.json", tools: "not-a-built-in" }),
    ).rejects.toThrow(/Unknown tool 'not-a-built-in'/);
  });

  it("that fail to load say which built-in, in one line", async () => {
    const host = hostWith(
      new Map([["@langchain-mini/tool-calculator", () => Promise.reject(new Error("chunk gone"))]]),
    );
    await expect(
      host.openSession({ llm: "script:script.json", tools: "calculator" }),
    ).rejects.toThrow("The tool module 'calculator' failed to load: chunk gone");
  });
});
