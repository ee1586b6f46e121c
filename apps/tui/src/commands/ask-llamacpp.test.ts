import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  buildScriptModel,
  CALCULATOR_SCRIPT,
  ENDLESS_SCRIPT,
  type ModelServer,
  startModelServer,
  UNKNOWN_TOOL_SCRIPT,
  writeScriptModel,
} from "@langchain-mini/llm-llamacpp/testing";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../test-support/cli.js";

// One CPU thread: the fixture models are tiny and the test machines share two cores.
const LOCAL = { LLAMACPP_THREADS: "1", LLAMACPP_GPU: "cpu" };
const QUESTION = "What is 2+2?";

describe("ask --llm llamacpp: a generated GGUF model, in process", () => {
  it("runs a two-step ReAct loop where the calculator really runs, and prints the answer", async () => {
    const model = writeScriptModel(CALCULATOR_SCRIPT);
    const result = await runCli(
      ["ask", "--llm", `llamacpp:${model}`, "--tools", "calculator", QUESTION],
      { env: LOCAL },
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("2+2 is 4.\n");
    // The model goes on to invent "5" after "Observation:"; the stop sequence cuts it and
    // the calculator's real result is what the second step sees.
    expect(result.stderr).toBe(
      [
        `Question: ${QUESTION}`,
        "Thought: I need to add 2 and 2.",
        "Action: calculator",
        "Action Input: 2+2",
        "Observation: 4",
        "Thought: I now know the final answer.",
        "Final Answer: 2+2 is 4.",
        "",
      ].join("\n"),
    );
  });

  it("--constrained keeps the model to the configured tools", async () => {
    const model = writeScriptModel(UNKNOWN_TOOL_SCRIPT);
    const args = ["ask", "--llm", `llamacpp:${model}`, "--tools", "calculator", QUESTION];
    const loose = await runCli(args, { env: LOCAL });
    expect(loose.stderr).toContain(
      "Action: weather\nAction Input: 2+2\nObservation: weather is not a valid tool, try one of [calculator].",
    );
    const strict = await runCli([...args, "--constrained"], { env: LOCAL });
    expect(strict.status).toBe(0);
    expect(strict.stderr).toContain("Action: calculator\nAction Input: 2+2\nObservation: 4\n");
    expect(strict.stdout).toBe("4\n");
  });

  it("says in one line what is wrong with a broken model file, exit 2", async () => {
    const directory = tempDir();
    const cut = join(directory, "cut.gguf");
    writeFileSync(cut, buildScriptModel(CALCULATOR_SCRIPT).subarray(0, 100_000));
    const result = await runCli(["ask", "--llm", `llamacpp:${cut}`, QUESTION], { env: LOCAL });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(
      /^langchain-mini: Cannot load the model .*cut\.gguf \(tensor '.+' data is not within the file bounds, model is corrupted or incomplete\): the file is incomplete or corrupted; download it again\n$/,
    );
  });

  it("Ctrl-C stops the model mid-generation", async () => {
    const model = writeScriptModel(ENDLESS_SCRIPT);
    const result = await runCli(["ask", "--json", "--llm", `llamacpp:${model}`, QUESTION], {
      env: LOCAL,
      onSpawn(child) {
        child.stdout?.on("data", (chunk: Buffer | string) => {
          if (!child.killed && String(chunk).includes('"type":"llm-delta"')) child.kill("SIGINT");
        });
      },
    });
    expect(result.status).toBe(130);
    const events = result.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; reason?: string });
    // Left alone it would write until the context is full (4,096 tokens) and end the call
    // with its finish reason; stopped, the call ends as cancelled.
    const ends = events.filter((event) => event.type === "llm-end");
    expect(ends).toEqual([
      expect.objectContaining({ reason: "aborted", error: expect.anything() }),
    ]);
    expect(events.at(-1)).toMatchObject({
      type: "run-end",
      result: { status: "aborted", error: { code: "aborted" } },
    });
  });

  it("refuses --constrained with a provider that cannot honour it", async () => {
    const script = join(tempDir(), "replies.json");
    writeFileSync(script, JSON.stringify(["Final Answer: 4"]));
    const result = await runCli(["ask", "--llm", `script:${script}`, "--constrained", QUESTION]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "langchain-mini: --constrained needs a provider that can constrain decoding to the ReAct format (such as llamacpp), and script cannot: leave --constrained out\n",
    );
  });
});

describe("ask --llm llamacpp:<url>: downloads into LANGCHAIN_MINI_HOME/models", () => {
  let server: ModelServer | undefined;
  afterEach(() => server?.close());

  it("downloads with progress on stderr, resumes a cut connection, and reuses the file next time", async () => {
    const model = buildScriptModel(CALCULATOR_SCRIPT);
    const home = tempDir();
    const partial = () => join(home, "models", `127.0.0.1_${new URL(url).port}_tiny.gguf.part`);
    server = await startModelServer({
      files: { "/models/tiny.gguf": model },
      cuts: 1,
      cutAfter: 100_000,
      // The cut comes once the CLI has saved some of the file, so it has something to resume.
      beforeCut: async () => {
        while (!existsSync(partial()) || statSync(partial()).size === 0) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      },
    });
    const { url } = server;
    const env = { ...LOCAL, LANGCHAIN_MINI_HOME: home };
    const args = ["ask", "--llm", `llamacpp:${server.url}/models/tiny.gguf`, QUESTION];

    const first = await runCli(args, { env });
    expect(first.status).toBe(0);
    expect(first.stdout).toBe("2+2 is 4.\n");
    const [downloading, downloaded] = first.stderr.split("\n");
    expect(downloading).toBe("Downloading tiny.gguf (223 kB)");
    expect(downloaded).toMatch(/^Downloaded tiny\.gguf: 223 kB in \d+\.\d s$/);
    const ranges = server.requests.map((request) => request.range);
    expect(ranges[0]).toBeUndefined();
    expect(ranges[1]).toMatch(/^bytes=\d+-$/);

    const files = readdirSync(join(home, "models"));
    expect(files).toEqual([`127.0.0.1_${new URL(server.url).port}_tiny.gguf`]);
    expect(readFileSync(join(home, "models", files[0] ?? "")).equals(model)).toBe(true);

    const requests = server.requests.length;
    const second = await runCli(args, { env });
    expect(second.status).toBe(0);
    expect(second.stderr).not.toContain("Downloading");
    expect(server.requests.length).toBe(requests);
  });

  it("defaults the models directory to $XDG_DATA_HOME/langchain-mini/models", async () => {
    server = await startModelServer({ files: { "/m.gguf": buildScriptModel(CALCULATOR_SCRIPT) } });
    const xdg = tempDir();
    const result = await runCli(["ask", "--llm", `llamacpp:${server.url}/m.gguf`, QUESTION], {
      env: { ...LOCAL, XDG_DATA_HOME: xdg },
    });
    expect(result.status).toBe(0);
    const models = join(xdg, "langchain-mini", "models");
    expect(readdirSync(models)).toHaveLength(1);
  });
});
