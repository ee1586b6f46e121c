import { DEFAULT_MAX_TOKENS } from "@langchain-mini/core";
import { startFakeGemini } from "@langchain-mini/llm-google/testing";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../test-support/cli.js";

let fake: Awaited<ReturnType<typeof startFakeGemini>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const KEY = "AIzaSyCli-test-key-0123456789abcdef";

// Seed 000's square root of 25, as the Gemini API would stream it.
const seedReplies = [
  {
    text: " I need to use a calculator for this\nAction: calculator\nAction Input: 25^(1/2)\nObservation: 5",
  },
  { text: " I now know the final answer\nFinal Answer: The square root of 25 is 5." },
];

describe("ask --llm google against a local Gemini API server", () => {
  it("answers seed 000's square root of 25 end to end, sending the stop sequence", async () => {
    fake = await startFakeGemini(seedReplies, { apiKey: KEY });
    const result = await runCli(
      [
        "ask",
        "--llm",
        "google:gemini-2.5-flash",
        "--tools",
        "calculator",
        "what is the square root of 25?",
      ],
      { env: { GEMINI_API_KEY: KEY, GOOGLE_GEMINI_BASE_URL: fake.baseURL } },
    );
    expect(result.stderr).toContain("Action Input: 25^(1/2)\nObservation: 5\n");
    expect(result.stdout).toBe("The square root of 25 is 5.\n");
    expect(result.status).toBe(0);
    expect(fake.requests.map((request) => request.model)).toEqual([
      "gemini-2.5-flash",
      "gemini-2.5-flash",
    ]);
    expect(fake.requests[0]?.body.generationConfig).toEqual({
      stopSequences: ["\nObservation:"],
      // The agent's output limit per call.
      maxOutputTokens: DEFAULT_MAX_TOKENS,
    });
  });

  it("takes the model from GEMINI_MODEL, and shows usage in --json without the key", async () => {
    fake = await startFakeGemini(seedReplies, { apiKey: KEY });
    const result = await runCli(
      [
        "ask",
        "--json",
        "--llm",
        "google",
        "--tools",
        "calculator",
        "what is the square root of 25?",
      ],
      {
        env: {
          GOOGLE_API_KEY: KEY,
          GOOGLE_GEMINI_BASE_URL: fake.baseURL,
          GEMINI_MODEL: "gemini-3.5-flash",
        },
      },
    );
    expect(result.status).toBe(0);
    const events = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(events[0]).toMatchObject({
      type: "run-start",
      provider: "google",
      model: "gemini-3.5-flash",
    });
    const ends = events.filter((event) => event.type === "llm-end");
    expect(ends.map((event) => event.usage.cachedInputTokens)).toEqual([0, 0]);
    expect(ends.every((event) => event.usage.inputTokens > 0 && event.usage.outputTokens > 0)).toBe(
      true,
    );
    expect(result.stdout + result.stderr).not.toContain(KEY);
  });

  it("is the default provider when only a Gemini key is set", async () => {
    fake = await startFakeGemini(seedReplies, { apiKey: KEY });
    const result = await runCli(
      ["ask", "--tools", "calculator", "what is the square root of 25?"],
      {
        env: { GEMINI_API_KEY: KEY, GOOGLE_GEMINI_BASE_URL: fake.baseURL },
      },
    );
    expect(result.stdout).toBe("The square root of 25 is 5.\n");
    expect(result.status).toBe(0);
    expect(fake.requests[0]?.model).toBe("gemini-3.8-flash");
  });

  it("runs the function-calling agent with Gemini 3's thought signatures", async () => {
    fake = await startFakeGemini(
      [
        { text: "", functionCalls: [{ name: "calculator", args: { input: "25^(1/2)" } }] },
        { text: "The square root of 25 is 5." },
      ],
      { apiKey: KEY },
    );
    const result = await runCli(
      ["ask", "--agent", "tools", "--llm", "google", "--tools", "calculator", "root of 25?"],
      { env: { GEMINI_API_KEY: KEY, GOOGLE_GEMINI_BASE_URL: fake.baseURL } },
    );
    expect(result.stderr).toContain("Action: calculator\nAction Input: 25^(1/2)\nObservation: 5\n");
    expect(result.stdout).toBe("The square root of 25 is 5.\n");
    expect(fake.requests).toHaveLength(2);
  });

  it("says what to set when --llm google has no key, exit 2", async () => {
    const result = await runCli(["ask", "--llm", "google", "q"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /^langchain-mini: GEMINI_API_KEY is not set: set it \(or GOOGLE_API_KEY\) in the environment; keys are at https:\/\/aistudio\.google\.com\/apikey; a compatible server may need none \(set GOOGLE_GEMINI_BASE_URL\)[^\n]*\n$/,
    );
    expect(result.stderr).not.toContain("apiKey");
  });

  it("reaches a server at its base URL with or without the version, with no key, as the default", async () => {
    fake = await startFakeGemini([{ text: " I now know the final answer\nFinal Answer: 5" }]);
    const settings: Record<string, string>[] = [
      { GOOGLE_GEMINI_BASE_URL: fake.baseURL },
      { GOOGLE_GEMINI_BASE_URL: `${fake.baseURL}/v1beta` },
      { GEMINI_BASE_URL: `${fake.baseURL}/v1` },
    ];
    for (const env of settings) {
      const result = await runCli(["ask", "--tools", "calculator", "q"], { env });
      expect({ status: result.status, stdout: result.stdout }, JSON.stringify(env)).toEqual({
        status: 0,
        stdout: "5\n",
      });
    }
    expect(fake.requests.map((request) => [request.apiVersion, request.apiKey])).toEqual([
      ["v1", "not-needed"],
      ["v1beta", "not-needed"],
      ["v1", "not-needed"],
    ]);
  });

  it("keeps the server's own words in a 5xx, on one safe line without the key, exit 1", async () => {
    fake = await startFakeGemini(
      [
        {
          status: 500,
          error: { message: `Backend \u009b2Jfailed\nfor ${KEY}`, status: "INTERNAL" },
        },
      ],
      { apiKey: KEY },
    );
    const result = await runCli(["ask", "--llm", "google", "--tools", "calculator", "q"], {
      env: { GEMINI_API_KEY: KEY, GOOGLE_GEMINI_BASE_URL: fake.baseURL },
    });
    expect(result.status).toBe(1);
    expect(result.stderr.split("\n")).toContain(
      `Error: ${fake.baseURL} failed with 500 after 2 retries (Backend failed for ***): try again later`,
    );
  });

  it("refuses GEMINI_TIMEOUT_MS past what it can wait, in one line, exit 2", async () => {
    const result = await runCli(["ask", "--llm", "google", "q"], {
      env: { GEMINI_API_KEY: KEY, GEMINI_TIMEOUT_MS: "2147483648" },
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "langchain-mini: GEMINI_TIMEOUT_MS must be a whole number of milliseconds from 1 to 300000, got '2147483648'\n",
    );
  });

  it("tells the user Gemini rejected their key, without printing it, exit 1", async () => {
    fake = await startFakeGemini(seedReplies, { apiKey: KEY });
    const wrong = "AIzaSyWrong-key-9876543210";
    const result = await runCli(["ask", "--llm", "google", "--tools", "calculator", "q"], {
      cwd: tempDir(),
      env: { GEMINI_API_KEY: wrong, GOOGLE_GEMINI_BASE_URL: fake.baseURL },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `GEMINI_API_KEY was rejected by ${fake.baseURL} (400 API_KEY_INVALID)`,
    );
    expect(result.stderr).not.toContain(wrong);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
