import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startFakeOpenAi } from "@langchain-mini/llm-openai/testing";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../test-support/cli.js";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

// Seed 000's square root of 25, as a real OpenAI-compatible server would stream it.
const seedReplies = [
  {
    text: " I need to use a calculator for this\nAction: calculator\nAction Input: 25^(1/2)\nObservation: 5",
  },
  { text: " I now know the final answer\nFinal Answer: The square root of 25 is 5." },
];

describe("ask --llm openai against a local OpenAI-compatible server", () => {
  it("answers seed 000's square root of 25 end to end", async () => {
    fake = await startFakeOpenAi(seedReplies);
    const result = await runCli(
      [
        "ask",
        "--llm",
        "openai:llama3.2",
        "--tools",
        "calculator",
        "what is the square root of 25?",
      ],
      {
        env: { OPENAI_BASE_URL: fake.baseURL },
      },
    );
    expect(result.stderr).toContain("Action Input: 25^(1/2)\nObservation: 5\n");
    expect(result.stdout).toBe("The square root of 25 is 5.\n");
    expect(result.status).toBe(0);
    expect(fake.requests[0]?.body.model).toBe("llama3.2");
  });

  it("is the default when OPENAI_BASE_URL is set, and shows usage in --json", async () => {
    fake = await startFakeOpenAi(seedReplies);
    const result = await runCli(
      ["ask", "--json", "--tools", "calculator", "what is the square root of 25?"],
      {
        env: { OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: "qwen3" },
      },
    );
    expect(result.status).toBe(0);
    const events = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const ends = events.filter((event) => event.type === "llm-end");
    expect(ends).toHaveLength(2);
    expect(ends.every((event) => event.usage.inputTokens > 0 && event.usage.outputTokens > 0)).toBe(
      true,
    );
    expect(events[0]).toMatchObject({ type: "run-start", provider: "openai", model: "qwen3" });
  });

  it("reads OPENAI_BASE_URL and OPENAI_MODEL from .env in the working directory", async () => {
    fake = await startFakeOpenAi(seedReplies);
    const cwd = tempDir();
    writeFileSync(join(cwd, ".env"), `OPENAI_BASE_URL=${fake.baseURL}\nOPENAI_MODEL=qwen3\n`);
    const result = await runCli(
      ["ask", "--tools", "calculator", "what is the square root of 25?"],
      {
        cwd,
      },
    );
    expect(result.stdout).toBe("The square root of 25 is 5.\n");
    expect(result.status).toBe(0);
    expect(fake.requests[0]?.body.model).toBe("qwen3");
  });

  it("says what to set when --llm openai has neither a key nor a base URL, exit 2", async () => {
    const result = await runCli(["ask", "--llm", "openai", "q"]);
    expect(result.status).toBe(2);
    // The plug-in speaks of variables (the app may add where it reads them from), never of
    // the library's apiKey option, which a CLI user cannot pass.
    expect(result.stderr).toMatch(
      /^langchain-mini: OPENAI_API_KEY is not set: set it in the environment, or set OPENAI_BASE_URL for a local server such as Ollama, which needs none[^\n]*\n$/,
    );
    expect(result.stderr).not.toContain("apiKey");
  });

  it("reaches a server at OPENAI_BASE_URL with or without /v1, with no key", async () => {
    fake = await startFakeOpenAi([{ text: " I now know the final answer\nFinal Answer: 5" }]);
    const origin = new URL(fake.baseURL).origin;
    for (const baseURL of [origin, `${origin}/v1`]) {
      const result = await runCli(["ask", "--tools", "calculator", "q"], {
        env: { OPENAI_BASE_URL: baseURL },
      });
      expect({ status: result.status, stdout: result.stdout }, baseURL).toEqual({
        status: 0,
        stdout: "5\n",
      });
    }
    expect(fake.requests.map((request) => request.path)).toEqual([
      "/v1/chat/completions",
      "/v1/chat/completions",
    ]);
  });

  it("keeps the server's own words in a 5xx, on one safe line without the key, exit 1", async () => {
    const key = "sk-live-abcdef1234567890";
    fake = await startFakeOpenAi([
      {
        status: 503,
        error: { message: `Upstream \u001b]0;pwned\u0007model\r\ncrashed for ${key}` },
        headers: { "x-should-retry": "false" },
      },
    ]);
    const result = await runCli(["ask", "--tools", "calculator", "q"], {
      env: { OPENAI_BASE_URL: fake.baseURL, OPENAI_API_KEY: key },
    });
    expect(result.status).toBe(1);
    expect(result.stderr.split("\n")).toContain(
      `Error: ${fake.baseURL} failed with 503 (Upstream model crashed for ***): try again later`,
    );
  });

  it("names OPENAI_BASE_URL, which the user set, when nothing answers there, exit 1", async () => {
    fake = await startFakeOpenAi([{ text: "x" }]);
    const { baseURL } = fake;
    await fake.close();
    fake = undefined;
    const result = await runCli(["ask", "--tools", "calculator", "q"], {
      env: { OPENAI_BASE_URL: baseURL },
    });
    expect(result.status).toBe(1);
    expect(result.stderr.split("\n")).toContain(
      `Error: Cannot connect to ${baseURL} (ECONNREFUSED): check that the server is running and OPENAI_BASE_URL is right`,
    );
  });

  it("reports a server asking to wait longer than a timer can as its failure, exit 1, at once", async () => {
    fake = await startFakeOpenAi([
      { status: 429, error: { message: "slow down" }, headers: { "retry-after": "99999999999" } },
    ]);
    const result = await runCli(["ask", "--tools", "calculator", "q"], {
      env: { OPENAI_BASE_URL: fake.baseURL },
    });
    expect(result.status).toBe(1);
    expect(result.stderr.split("\n")).toContain(
      `Error: Rate limited by ${fake.baseURL} (429): wait a moment and try again, or check your plan's limits`,
    );
    expect(fake.requests).toHaveLength(1);
  });

  it("refuses OPENAI_TIMEOUT_MS past what a timer can wait, in one line, exit 2", async () => {
    const result = await runCli(["ask", "--llm", "openai", "q"], {
      env: { OPENAI_BASE_URL: "http://127.0.0.1:9", OPENAI_TIMEOUT_MS: "2147483648" },
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "langchain-mini: OPENAI_TIMEOUT_MS must be a whole number of milliseconds from 1 to 300000, got '2147483648'\n",
    );
  });

  it("tells the user their key was rejected, without printing it, exit 1", async () => {
    fake = await startFakeOpenAi([
      { status: 401, error: { message: "Incorrect API key provided: sk-live-abcdef1234567890" } },
    ]);
    const result = await runCli(["ask", "--tools", "calculator", "q"], {
      env: { OPENAI_BASE_URL: fake.baseURL, OPENAI_API_KEY: "sk-live-abcdef1234567890" },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`OPENAI_API_KEY was rejected by ${fake.baseURL} (401)`);
    expect(result.stderr).not.toContain("sk-live-abcdef1234567890");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("runs the function-calling agent with --agent tools", async () => {
    fake = await startFakeOpenAi([
      { text: "", toolCalls: [{ name: "calculator", arguments: '{"input":"25^(1/2)"}' }] },
      { text: "The square root of 25 is 5." },
    ]);
    const result = await runCli(
      ["ask", "--agent", "tools", "--llm", "openai", "--tools", "calculator", "root of 25?"],
      {
        cwd: tempDir(),
        env: { OPENAI_BASE_URL: fake.baseURL },
      },
    );
    expect(result.stderr).toContain("Action: calculator\nAction Input: 25^(1/2)\nObservation: 5\n");
    expect(result.stdout).toBe("The square root of 25 is 5.\n");
    expect(fake.requests[1]?.body.messages).toContainEqual({
      role: "tool",
      content: "5",
      tool_call_id: "call_0",
    });
  });

  it("rejects an unknown --agent mode in one line, exit 2", async () => {
    const result = await runCli(["ask", "--agent", "plan", "--llm", "openai", "q"], {
      env: { OPENAI_API_KEY: "x" },
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "langchain-mini: --agent must be react (the text ReAct format) or tools (native function calling), got 'plan'\n",
    );
  });
});
