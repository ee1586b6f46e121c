import { readdirSync } from "node:fs";
import { join } from "node:path";
import {
  buildScriptModel,
  CALCULATOR_SCRIPT,
  type ModelServer,
  startModelServer,
  writeScriptModel,
} from "@langchain-mini/llm-llamacpp/testing";
import { afterEach, describe, expect, it } from "vitest";
import { TERMINAL_TEST_TIMEOUT, Terminal } from "../test-support/terminal.js";

// The set-up screen's model, served by a stand-in for Hugging Face: the generated
// calculator model under the recommended model's name.
const RECOMMENDED = "/Qwen/Qwen2.5-1.5B-Instruct-GGUF/qwen2.5-1.5b-instruct-q4_k_m.gguf";
const LOCAL = { LLAMACPP_THREADS: "1", LLAMACPP_GPU: "cpu" };

describe("the terminal UI on a local model (tmux)", { timeout: TERMINAL_TEST_TIMEOUT }, () => {
  const terminals: Terminal[] = [];
  let server: ModelServer | undefined;
  afterEach(async () => {
    for (const terminal of terminals.splice(0)) terminal.kill();
    await server?.close();
  });
  function terminal(env: Record<string, string> = {}) {
    const created = new Terminal(undefined, { ...LOCAL, ...env });
    terminals.push(created);
    return created;
  }

  async function askTwoPlusTwo(screen: Terminal) {
    await screen.ask("What is 2+2?");
    // The answer in the conversation pane comes once the run has ended.
    const answered = await screen.waitFor(/│ 2\+2 is 4\.\s+│/);
    expect(answered).toContain("Final Answer: 2+2 is 4.");
    expect(answered).toContain("Action: calculator");
    expect(answered).toContain("Action Input: 2+2");
    // The model would invent 5; the calculator's real result is what shows.
    expect(answered).toContain("Observation: 4");
    expect(answered).toContain("llamacpp:");
  }

  it("answers with a model given by --llm llamacpp:<file.gguf>", async () => {
    const screen = terminal();
    const model = writeScriptModel(CALCULATOR_SCRIPT, screen.directory);
    screen.start(["--llm", `llamacpp:${model}`, "--tools", "calculator"]);
    await askTwoPlusTwo(screen);
    expect(await screen.quit()).toBe(0);
  });

  it("offers a local model on the set-up screen, downloads it with a progress bar, then chats with it", async () => {
    // The download stays unfinished until the test has seen its progress bar.
    let finishDownload = () => {};
    const downloadFinished = new Promise<void>((resolve) => {
      finishDownload = resolve;
    });
    server = await startModelServer({
      files: { [RECOMMENDED]: buildScriptModel(CALCULATOR_SCRIPT) },
      holdLastChunk: downloadFinished,
    });
    const screen = terminal({ HF_ENDPOINT: server.url });
    screen.start(["--tools", "calculator"], { columns: 120, rows: 30 });
    const setup = await screen.waitFor("Press D");
    expect(setup).toContain(
      "to download Qwen2.5 1.5B Instruct (Q4_K_M), 1.12 GB, and run it here: offline, no key",
    );
    screen.send("d", true);
    const downloading = await screen.waitFor(/\[[#-]{24}\] +\d+%/);
    expect(downloading).toMatch(/Downloading qwen2\.5-1\.5b-instruct-q4_k_m\.gguf/);
    finishDownload();
    await askTwoPlusTwo(screen);
    expect(await screen.quit()).toBe(0);
    const models = join(screen.directory, ".local", "share", "langchain-mini", "models");
    expect(readdirSync(models)).toEqual([
      "hf_Qwen_Qwen2.5-1.5B-Instruct-GGUF_qwen2.5-1.5b-instruct-q4_k_m.gguf",
    ]);

    // Next time the offer says so, and taking it needs no network.
    const requests = server.requests.length;
    const again = new Terminal(screen.directory, { ...LOCAL, HF_ENDPOINT: server.url });
    terminals.push(again);
    again.start(["--tools", "calculator"]);
    expect(await again.waitFor("Press D")).toContain(
      "to start now with Qwen2.5 1.5B Instruct (Q4_K_M), 1.12 GB, downloaded before",
    );
    again.send("d", true);
    await again.waitFor("How can I help?");
    expect(server.requests.length).toBe(requests);
    expect(await again.quit()).toBe(0);
  });
});
