import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli, tempDir, writeScript } from "../test-support/cli.js";

/** Providers as files: what each declares is all the host knows before the run. */
const reply = `async *stream() { yield { type: "text", text: "x" }; yield { type: "finish", reason: "stop" }; }`;
const PROMPT_ONLY = `export function createLlm({ model }) { return { provider: "plain", model: model ?? "m", ${reply} }; }`;
const CHAT_ONLY = `export const capabilities = { prompt: false, messages: true, tools: true, stop: false };
export function createLlm({ model }) { return { provider: "chat", model: model ?? "m", ${reply} }; }`;
const MESSAGES_NO_TOOLS = `export const capabilities = { prompt: true, messages: true, tools: false, stop: true };
export function createLlm({ model }) { return { provider: "talk", model: model ?? "m", ${reply} }; }`;
const BAD_FLAGS = `export const capabilities = { prompt: "yes" };
export function createLlm({ model }) { return { provider: "bad", model: model ?? "m", ${reply} }; }`;

let project: string;

beforeAll(() => {
  project = tempDir();
  writeFileSync(join(project, "plain.js"), PROMPT_ONLY);
  writeFileSync(join(project, "chat.js"), CHAT_ONLY);
  writeFileSync(join(project, "talk.js"), MESSAGES_NO_TOOLS);
  writeFileSync(join(project, "bad.js"), BAD_FLAGS);
});

const ask = (...args: string[]) =>
  runCli(["ask", "--tools", "calculator", ...args, "What is 2^10?"], { cwd: project });

describe("capabilities are checked before a run", () => {
  it.each([
    [
      "a provider that declares nothing (plain prompts only)",
      ["--agent", "tools", "--llm", "./plain.js"],
      "The ./plain.js provider cannot take tool definitions, which --agent tools needs: use --agent react (the text ReAct format)",
    ],
    [
      "a provider with messages but no tools",
      ["--agent", "tools", "--llm", "./talk.js"],
      "The ./talk.js provider cannot take tool definitions, which --agent tools needs: use --agent react (the text ReAct format)",
    ],
    [
      "a provider that takes no plain prompt, in the ReAct mode",
      ["--llm", "./chat.js"],
      "The ./chat.js provider cannot continue a plain prompt, which --agent react needs: use --agent tools",
    ],
    [
      "capabilities that are not flags",
      ["--llm", "./bad.js"],
      "The LLM provider './bad.js' exports capabilities that are not { prompt, messages, tools, stop } booleans (see https://github.com/langchain-mini/langchain-mini/tree/main/packages/core#write-your-own-llm-provider)",
    ],
  ])("%s: exit 2, one line", async (_case, args, message) => {
    const result = await ask(...args);
    expect(result.stderr).toBe(`langchain-mini: ${message}\n`);
    expect(result.stdout).toBe("");
    expect(result.status).toBe(2);
  });
});

describe("--llm script: plays both agent modes", () => {
  it("answers with tool calls through --agent tools", async () => {
    const script = writeScript(project, [
      { toolCalls: [{ name: "calculator", arguments: { input: "2^10" } }] },
      "It is 1024.",
    ]);
    const result = await ask("--agent", "tools", "--llm", `script:${script}`);
    expect(result.stderr).toContain("Action: calculator\nAction Input: 2^10\nObservation: 1024\n");
    expect(result.stdout).toBe("It is 1024.\n");
    expect(result.status).toBe(0);
  });

  it("answers with ReAct text through --agent react", async () => {
    const script = writeScript(project, [
      " I should compute.\nAction: calculator\nAction Input: 2^10",
      " I now know the final answer\nFinal Answer: It is 1024.",
    ]);
    const result = await ask("--llm", `script:${script}`);
    expect(result.stderr).toContain("Observation: 1024\n");
    expect(result.stdout).toBe("It is 1024.\n");
  });

  it("refuses ReAct text in the tools mode, saying how to write it", async () => {
    const script = writeScript(project, [
      " I should compute.\nAction: calculator\nAction Input: 2^10",
    ]);
    const result = await ask("--agent", "tools", "--llm", `script:${script}`);
    expect(result.stdout).toBe("");
    // A script written for the other mode is a configuration error, as at start-up.
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      `Error: Reply 1 in ${script} is ReAct text (Action: …), but the function-calling agent reads tool calls: write it as {"toolCalls": [{"name": "…", "arguments": {…}}]}, or run with --agent react\n`,
    );
  });

  it("refuses tool calls in the ReAct mode, saying which mode reads them", async () => {
    const script = writeScript(project, [
      { toolCalls: [{ name: "calculator", arguments: { input: "2^10" } }] },
    ]);
    const result = await ask("--llm", `script:${script}`);
    expect(result.stdout).toBe("");
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      `Error: Reply 1 in ${script} makes tool calls, which only the function-calling agent reads: run with --agent tools, or write the reply as ReAct text\n`,
    );
  });
});
