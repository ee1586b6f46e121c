import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isLangchainMiniError } from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import { LlamaCppLlm } from "./llamacpp-llm.js";
import { CALCULATOR_SCRIPT, writeScriptModel } from "./testing/index.js";

const good = writeScriptModel(CALCULATOR_SCRIPT);
const directory = dirname(good);
const bytes = readFileSync(good);

function fileWith(name: string, content: Uint8Array | string) {
  const path = join(directory, name);
  writeFileSync(path, content);
  return path;
}

async function loadError(modelPath: string) {
  const error = await LlamaCppLlm.load({ modelPath, gpu: false, threads: 1 }).then(
    (llm) => llm.dispose(),
    (caught: unknown) => caught,
  );
  if (!isLangchainMiniError(error)) throw new Error(`expected a load error, got ${error}`);
  expect(error.code).toBe("config_invalid");
  expect(error.message).not.toContain("\n");
  return error.message;
}

describe("loading a model file", () => {
  it("explains a missing file", async () => {
    const path = join(directory, "nowhere.gguf");
    expect(await loadError(path)).toBe(
      `Cannot read the model file ${path}: no such file. Give the path of a .gguf file, or a URL or hf: URI to download one`,
    );
  });

  it("explains a directory", async () => {
    expect(await loadError(directory)).toContain("it is a directory");
  });

  it("refuses a FIFO or a device at once, without waiting for a writer", async () => {
    const fifo = join(directory, "pipe.gguf");
    execFileSync("mkfifo", [fifo]);
    for (const path of [fifo, "/dev/zero"]) {
      expect(await loadError(path)).toBe(
        `Cannot read the model file ${path}: it is not a regular file (a FIFO, device or socket). Give the path of a .gguf file, or a URL or hf: URI to download one`,
      );
    }
  });

  it("explains a file that is not GGUF", async () => {
    const path = fileWith("page.gguf", "<!doctype html><title>Sign in</title>");
    expect(await loadError(path)).toBe(
      `${path} is not a GGUF model file (it does not start with 'GGUF'): llama.cpp needs a .gguf file, such as a quantised model from Hugging Face`,
    );
  });

  it("explains an empty file", async () => {
    expect(await loadError(fileWith("empty.gguf", ""))).toContain("it is empty or too short");
  });

  it("explains a download cut short in the tensor data", async () => {
    const path = fileWith("cut.gguf", bytes.subarray(0, bytes.length / 2));
    expect(await loadError(path)).toMatch(
      /^Cannot load the model .*cut\.gguf \(tensor '[\w.]+' data is not within the file bounds, model is corrupted or incomplete\): the file is incomplete or corrupted; download it again$/,
    );
  });

  it("explains a file cut short in its header", async () => {
    const path = fileWith("header.gguf", bytes.subarray(0, 200));
    expect(await loadError(path)).toMatch(/^Cannot load the model .*header\.gguf \(.+\): /);
  });

  it("loads the intact file", async () => {
    const llm = await LlamaCppLlm.load({ modelPath: good, gpu: false, threads: 1 });
    expect(llm.model).toBe("calculator-script");
    await llm.dispose();
  });
});
