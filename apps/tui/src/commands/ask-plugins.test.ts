import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../test-support/cli.js";

/**
 * Plug-ins are plain ES modules that the built CLI imports: no dependency on our packages,
 * since the contract is structural (the examples/ packages show the typed way).
 */
const SHOUT_TOOL = `export function createTool({ env }) {
  return {
    name: "shout",
    description: "Upper-cases its input.",
    execute: (input) => input.toUpperCase() + (env.SHOUT_SUFFIX ?? ""),
  };
}`;

/** Replies from the LLM_REPLIES variable (JSON), so a test can script it through .env. */
const ENV_LLM = `export function createLlm({ model, env }) {
  const replies = JSON.parse(env.LLM_REPLIES);
  let call = 0;
  return {
    provider: "env-llm",
    model,
    async *stream() {
      yield { type: "text", text: replies[call++].replace("{model}", model) };
      yield { type: "finish", reason: "stop" };
    },
  };
}`;

const REPLIES = JSON.stringify([
  " I should shout.\nAction: shout\nAction Input: hello",
  " I now know the final answer\nFinal Answer: {model} heard it",
]);

let project: string;

beforeAll(() => {
  project = tempDir();
  writeFileSync(join(project, "shout.js"), SHOUT_TOOL);
  writeFileSync(join(project, "env-llm.mjs"), ENV_LLM);
  writeFileSync(join(project, ".env"), `LLM_REPLIES=${REPLIES}\nSHOUT_SUFFIX=!\n`);
  // Installed packages, ESM-only with an import-only exports map, as our own are published.
  installPackage("shout-tool", SHOUT_TOOL);
  installPackage("@acme/env-llm", ENV_LLM);
  writeFileSync(join(project, "empty.js"), "export const nothing = 1;\n");
  writeFileSync(join(project, "broken.js"), "export function createTool( {\n");
  writeFileSync(
    join(project, "bad-tool.js"),
    `export const createTool = () => ({ name: "two words", description: "x", execute: () => "" });`,
  );
  writeFileSync(
    join(project, "keyless-llm.js"),
    `export function createLlm() {
      // What another copy of @langchain-mini/core constructs: recognised by its brand.
      const error = new Error("ACME_API_KEY is not set: add it to .env");
      Object.defineProperty(error, Symbol.for("langchain-mini.error"), { value: true });
      throw Object.assign(error, { code: "config_invalid" });
    }`,
  );
  writeFileSync(
    join(project, "crashing-llm.js"),
    `export function createLlm() { throw new TypeError("model.split is not a function"); }`,
  );
});

function installPackage(name: string, source: string) {
  const directory = join(project, "node_modules", name);
  mkdirSync(join(directory, "dist"), { recursive: true });
  const manifest = {
    name,
    version: "1.0.0",
    type: "module",
    exports: { ".": { import: "./dist/index.js" } },
  };
  writeFileSync(join(directory, "package.json"), JSON.stringify(manifest));
  writeFileSync(join(directory, "dist", "index.js"), source);
}

const ask = (...args: string[]) => runCli(["ask", ...args, "Shout hello"], { cwd: project });

describe("ask: plug-ins from files and packages", () => {
  it("loads an LLM and a tool from files, with the project's .env", async () => {
    const result = await ask("--llm", "./env-llm.mjs:tiny", "--tools", "calculator,./shout.js");
    expect(result.stderr).toContain("Observation: HELLO!\n");
    expect(result.stdout).toBe("tiny heard it\n");
    expect(result.status).toBe(0);
  });

  it("loads installed packages by name; the model may contain colons", async () => {
    const result = await ask("--llm", "@acme/env-llm:llama3.2:1b", "--tools", "shout-tool");
    expect(result.stderr).toContain("Observation: HELLO!\n");
    expect(result.stdout).toBe("llama3.2:1b heard it\n");
  });

  it.each([
    [
      "a module without the contract",
      ["--tools", "./empty.js"],
      "'./empty.js' is not a langchain-mini tool module: it does not export createTools({ env }) (see https://github.com/langchain-mini/langchain-mini/tree/main/packages/core#write-your-own-tool)",
    ],
    [
      "an LLM module without the contract",
      ["--llm", "shout-tool:x"],
      "'shout-tool' is not a langchain-mini LLM provider module: it does not export createLlm({ model, env }) (see https://github.com/langchain-mini/langchain-mini/tree/main/packages/core#write-your-own-llm-provider)",
    ],
    [
      "a tool that breaks the contract",
      ["--tools", "./bad-tool.js"],
      "createTools of './bad-tool.js' returned something that is not a tool: its name is not a single word",
    ],
    [
      "an LLM module whose factory explains itself",
      ["--llm", "./keyless-llm.js:m"],
      "ACME_API_KEY is not set: add it to .env",
    ],
    [
      "an LLM module whose factory crashes",
      ["--llm", "./crashing-llm.js"],
      "createLlm of './crashing-llm.js' failed: model.split is not a function",
    ],
    [
      "a missing file",
      ["--tools", "./nope.js"],
      "No tool module at ./nope.js (looked for {project}/nope.js)",
    ],
    [
      "a module that does not parse",
      ["--tools", "./broken.js"],
      "The tool module './broken.js' failed to load: ",
    ],
    [
      "two tools with one name",
      ["--tools", "shout-tool,./shout.js"],
      "Two tools are named 'shout': leave one out of --tools",
    ],
  ])("%s: exit 2, one line", async (_case, args, message) => {
    const result = await ask("--llm", "./env-llm.mjs:m", ...args);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^langchain-mini: [^\n]+\n$/);
    expect(result.stderr).toContain(`langchain-mini: ${message.replace("{project}", project)}`);
  });

  it("an unknown name that is neither built in nor installed", async () => {
    const result = await ask("--llm", "opnai:gpt-4o");
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /^langchain-mini: Unknown LLM provider 'opnai' in --llm: did you mean openai\? It is neither built in \([a-z, ]*script[a-z, ]*\) nor installed; add a provider package with langchain-mini plugins add <package>, or name a file such as \.\/my-provider\.js\n$/,
    );
    // A name near none of the built-ins gets no guess.
    const far = await ask("--llm", "acme-models:m1");
    expect(far.stderr).toMatch(
      /^langchain-mini: Unknown LLM provider 'acme-models' in --llm: it is neither/,
    );
  });
});
