import { startFakeAnthropic } from "@langchain-mini/llm-anthropic/testing";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../test-support/cli.js";

let fake: Awaited<ReturnType<typeof startFakeAnthropic>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const KEY = "sk-ant-live-abcdef1234567890";
const question = "what is the square root of 25?";

// Seed 000's square root of 25, as a Claude model answers a scratchpad in a turn of its own.
const seedReplies = [
  {
    text: "Thought: I need to use a calculator for this\nAction: calculator\nAction Input: 25^(1/2)\nObservation: 6",
  },
  { text: "I now know the final answer\nFinal Answer: The square root of 25 is 5." },
];

function anthropicEnv(baseURL: string) {
  return { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: baseURL };
}

function jsonEvents(stdout: string) {
  return stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown> & { type: string });
}

describe("ask --llm anthropic against a local Messages API server", () => {
  it("answers seed 000's square root of 25 end to end", async () => {
    fake = await startFakeAnthropic(seedReplies);
    const result = await runCli(
      ["ask", "--llm", "anthropic:claude-sonnet-5-5", "--tools", "calculator", question],
      { env: anthropicEnv(fake.baseURL) },
    );
    expect(result.stderr).toContain(
      "Thought: I need to use a calculator for this\nAction: calculator\nAction Input: 25^(1/2)\nObservation: 5\n",
    );
    expect(result.stdout).toBe("The square root of 25 is 5.\n");
    expect(result.status).toBe(0);
    expect(fake.requests[0]?.body).toMatchObject({
      model: "claude-sonnet-5-5",
      stop_sequences: ["\nObservation:"],
    });
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it("is used without --llm when only ANTHROPIC_API_KEY is set, with cached tokens in --json", async () => {
    fake = await startFakeAnthropic(seedReplies, { minCacheTokens: 0 });
    const result = await runCli(["ask", "--json", "--tools", "calculator", question], {
      env: { ...anthropicEnv(fake.baseURL), ANTHROPIC_MODEL: "claude-haiku-5-5" },
    });
    expect(result.status).toBe(0);
    const events = jsonEvents(result.stdout);
    expect(events[0]).toMatchObject({
      type: "run-start",
      provider: "anthropic",
      model: "claude-haiku-5-5",
    });
    const usages = events
      .filter((event) => event.type === "llm-end")
      .map((event) => event.usage as Record<string, number>);
    expect(usages).toHaveLength(2);
    expect(usages[1]?.cachedInputTokens).toBe(usages[0]?.inputTokens);
    expect(usages[1]?.cacheWriteTokens).toBeGreaterThan(0);
    expect(result.stdout).not.toContain(KEY);
  });

  it("runs the function-calling agent with --agent tools", async () => {
    fake = await startFakeAnthropic([
      { toolCalls: [{ name: "calculator", arguments: '{"input":"25^(1/2)"}' }] },
      { text: "The square root of 25 is 5." },
    ]);
    const result = await runCli(
      ["ask", "--agent", "tools", "--llm", "anthropic", "--tools", "calculator", "root of 25?"],
      { env: anthropicEnv(fake.baseURL) },
    );
    expect(result.stderr).toContain("Action: calculator\nAction Input: 25^(1/2)\nObservation: 5\n");
    expect(result.stdout).toBe("The square root of 25 is 5.\n");
    expect(result.status).toBe(0);
    expect(fake.requests[0]?.body.model).toBe("claude-haiku-5-5");
    const answer = (fake.requests[1]?.body.messages as { content: unknown[] }[] | undefined)?.at(
      -1,
    );
    expect(answer?.content).toContainEqual(
      expect.objectContaining({ type: "tool_result", content: "5" }),
    );
  });

  it("says what to set when --llm anthropic has no key, exit 2", async () => {
    const result = await runCli(["ask", "--llm", "anthropic", "q"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /^langchain-mini: ANTHROPIC_API_KEY is not set: set it in the environment \(create a key at console\.anthropic\.com\), or set ANTHROPIC_BASE_URL for a compatible server that needs none[^\n]*\n$/,
    );
    expect(result.stderr).not.toContain("apiKey");
  });

  it("reaches a server at ANTHROPIC_BASE_URL with or without /v1, with no key", async () => {
    fake = await startFakeAnthropic([{ text: "I now know the final answer\nFinal Answer: 5" }]);
    for (const baseURL of [fake.baseURL, `${fake.baseURL}/v1`]) {
      const result = await runCli(["ask", "--tools", "calculator", "q"], {
        env: { ANTHROPIC_BASE_URL: baseURL },
      });
      expect({ status: result.status, stdout: result.stdout }, baseURL).toEqual({
        status: 0,
        stdout: "5\n",
      });
    }
    expect(fake.requests.map((request) => request.path)).toEqual(["/v1/messages", "/v1/messages"]);
  });

  it("keeps the server's own words in a 5xx, on one safe line without the key, exit 1", async () => {
    fake = await startFakeAnthropic([
      {
        status: 500,
        error: { type: "api_error", message: `Backend \u001b[2Jfailed\nwith ${KEY}` },
        headers: { "x-should-retry": "false" },
      },
    ]);
    const result = await runCli(["ask", "--llm", "anthropic", "--tools", "calculator", "q"], {
      env: anthropicEnv(fake.baseURL),
    });
    expect(result.status).toBe(1);
    expect(result.stderr.split("\n")).toContain(
      `Error: ${fake.baseURL} failed with 500 (Backend failed with ***): try again later`,
    );
  });

  it("refuses ANTHROPIC_TIMEOUT_MS past what a timer can wait, in one line, exit 2", async () => {
    const result = await runCli(["ask", "--llm", "anthropic", "q"], {
      env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_TIMEOUT_MS: "4294967296" },
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "langchain-mini: ANTHROPIC_TIMEOUT_MS must be a whole number of milliseconds from 1 to 300000, got '4294967296'\n",
    );
  });

  it("names ANTHROPIC_API_KEY when no LLM is configured at all", async () => {
    const result = await runCli(["ask", "q"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /^langchain-mini: No LLM configured: set [^\n]*ANTHROPIC_API_KEY/,
    );
  });

  it("tells the user their key was rejected, without printing it, exit 1", async () => {
    fake = await startFakeAnthropic([
      { status: 401, error: { type: "authentication_error", message: `invalid x-api-key ${KEY}` } },
    ]);
    const result = await runCli(["ask", "--llm", "anthropic", "--tools", "calculator", "q"], {
      env: anthropicEnv(fake.baseURL),
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`ANTHROPIC_API_KEY was rejected by ${fake.baseURL} (401)`);
    expect(result.stderr).not.toContain(KEY);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
