import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startFakeAnthropic } from "@langchain-mini/llm-anthropic/testing";
import { startFakeGemini } from "@langchain-mini/llm-google/testing";
import { startFakeOpenAi } from "@langchain-mini/llm-openai/testing";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../test-support/cli.js";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const ANSWER = " I now know the final answer\nFinal Answer: 5";

interface Event {
  readonly type: string;
  readonly error?: { readonly code: string; readonly message: string };
}

/** How a run ended: its exit status and the error `--json` reports, code and one line. */
async function failure(args: readonly string[], env: Record<string, string>, cwd?: string) {
  const result = await runCli(["ask", "--json", "--tools", "calculator", ...args, "q"], {
    env,
    cwd,
  });
  const events = result.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Event);
  const { error } = events.find((event) => event.type === "error") ?? {};
  return { status: result.status, code: error?.code, message: error?.message };
}

describe("bad data from a server is a failed call (exit 1); from a plug-in, a broken contract (exit 2)", () => {
  it("OpenAI: negative token counts are llm_bad_response, exit 1", async () => {
    const fake = await startFakeOpenAi([
      { text: ANSWER, usage: { prompt_tokens: -5, completion_tokens: 3 } },
    ]);
    closers.push(fake.close);
    expect(await failure([], { OPENAI_BASE_URL: fake.baseURL })).toEqual({
      status: 1,
      code: "llm_bad_response",
      message: `${fake.baseURL} sent a malformed chat completion (usage.prompt_tokens is not a token count): check that OPENAI_BASE_URL points at an OpenAI-compatible API`,
    });
  });

  it("Anthropic: token counts as strings are llm_bad_response, exit 1", async () => {
    const fake = await startFakeAnthropic([
      { text: ANSWER, usage: { input_tokens: "12", output_tokens: 3 } },
    ]);
    closers.push(fake.close);
    expect(await failure(["--llm", "anthropic"], { ANTHROPIC_BASE_URL: fake.baseURL })).toEqual({
      status: 1,
      code: "llm_bad_response",
      message: `${fake.baseURL} sent a malformed Messages API stream (usage.input_tokens is not a token count): check that ANTHROPIC_BASE_URL points at Anthropic's API or a compatible server`,
    });
  });

  it("Google: text that is a number is llm_bad_response, exit 1", async () => {
    const fake = await startFakeGemini([{ text: ANSWER, content: 42 }]);
    closers.push(fake.close);
    expect(await failure(["--llm", "google"], { GEMINI_BASE_URL: fake.baseURL })).toEqual({
      status: 1,
      code: "llm_bad_response",
      message: `${fake.baseURL} sent a malformed Gemini API stream (part.text is not text): check that GEMINI_BASE_URL points at the Gemini API or a compatible server`,
    });
  });

  it("a plug-in that yields the same bad usage breaks the chunk contract: config_invalid, exit 2", async () => {
    const cwd = tempDir();
    writeFileSync(
      join(cwd, "bad-usage-llm.mjs"),
      `export function createLlm() {
        return {
          provider: "bad-usage",
          model: "m",
          async *stream() {
            yield { type: "text", text: ${JSON.stringify(ANSWER)} };
            yield { type: "finish", reason: "stop", usage: { inputTokens: -5, outputTokens: 3 } };
          },
        };
      }`,
    );
    expect(await failure(["--llm", "./bad-usage-llm.mjs:m"], {}, cwd)).toEqual({
      status: 2,
      code: "config_invalid",
      message:
        "The LLM provider 'bad-usage' broke the plug-in contract: its stream yielded a finish chunk whose usage is not token counts, not a text, tool-call or finish chunk: fix the provider or choose another with --llm",
    });
  });
});
