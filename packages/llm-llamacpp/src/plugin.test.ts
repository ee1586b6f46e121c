import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { LlamaCppLlm } from "./llamacpp-llm.js";
import { createLlm } from "./plugin.js";
import { buildScriptModel, CALCULATOR_SCRIPT } from "./testing/index.js";
import { type ModelServer, startModelServer } from "./testing/model-server.js";

const cleanUps: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

async function setup() {
  const server: ModelServer = await startModelServer({
    files: { "/models/tiny.gguf": buildScriptModel(CALCULATOR_SCRIPT) },
  });
  const directory = mkdtempSync(join(tmpdir(), "llamacpp-plugin-"));
  cleanUps.push(() => server.close());
  cleanUps.push(() => rm(directory, { recursive: true, force: true }));
  const url = `${server.url}/models/tiny.gguf`;
  const file = `127.0.0.1_${new URL(url).port}_tiny.gguf`;
  // One CPU thread: on two shared cores more threads only wait on each other.
  const settings = { LLAMACPP_THREADS: "1", LLAMACPP_GPU: "cpu" };
  return { directory, url, file, settings };
}

async function load(options: Parameters<typeof createLlm>[0]) {
  const llm = (await createLlm(options)) as LlamaCppLlm;
  cleanUps.push(() => llm.dispose());
  return llm;
}

describe("createLlm: where a downloaded model goes", () => {
  it("without a data directory, into LANGCHAIN_MINI_HOME/models", async () => {
    const { directory, url, file, settings } = await setup();
    const home = join(directory, "home");
    const llm = await load({ model: url, env: { ...settings, LANGCHAIN_MINI_HOME: home } });
    expect(llm.model).toBe(file.replace(/\.gguf$/, ""));
    expect(readdirSync(join(home, "models"))).toEqual([file]);
  });

  it("into the host's data directory when it names one", async () => {
    const { directory, url, file, settings } = await setup();
    const home = join(directory, "home");
    const data = join(directory, "data");
    await load({
      model: url,
      dataDirectory: data,
      env: { ...settings, LANGCHAIN_MINI_HOME: home },
    });
    expect(readdirSync(join(data, "models"))).toEqual([file]);
    expect(existsSync(home)).toBe(false);
  });
});
