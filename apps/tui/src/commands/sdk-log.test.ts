import { startFakeAnthropic } from "@langchain-mini/llm-anthropic/testing";
import { startFakeOpenAi } from "@langchain-mini/llm-openai/testing";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../test-support/cli.js";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

// A key with no shape the redactor knows: only the environment says it is one.
const KEY = "plain-secret-value-0123456789";

describe("a vendor SDK's own log (OPENAI_LOG)", () => {
  it("goes to stderr with the key blanked, and --json stays one event per line, at every level", async () => {
    for (const level of ["debug", "info", "warn", "error", "off"]) {
      // A proxy that takes the key in its path: the SDK's debug log prints the whole URL.
      fake = await startFakeOpenAi([{ status: 400, error: { message: `no key ${KEY} here` } }], {
        basePath: `/v1/${KEY}`,
      });
      const result = await runCli(["ask", "--json", "--tools", "calculator", "q"], {
        cwd: tempDir(),
        env: { OPENAI_BASE_URL: fake.baseURL, OPENAI_API_KEY: KEY, OPENAI_LOG: level },
      });
      await fake.close();
      fake = undefined;
      expect(result.status).toBe(1);
      const lines = result.stdout.trim().split("\n");
      const events = lines.map((line) => JSON.parse(line) as { type: string });
      expect(events[0]?.type).toBe("run-start");
      expect(events.at(-1)?.type).toBe("run-end");
      // The server's scripted refusal, which quotes the key, is what the run reports.
      expect(result.stdout).toContain("no key *** here");
      expect(`${result.stdout}${result.stderr}`).not.toContain(KEY);
      if (level === "debug") {
        // The SDK said where it sent the request, on stderr, the key blanked.
        expect(result.stderr).toMatch(/\[log_[0-9a-f]+\] sending request/);
        expect(result.stderr).toContain(`/[REDACTED]/chat/completions`);
      }
      if (level === "off") expect(result.stderr).toBe("");
    }
  }, 120_000);

  it("ANTHROPIC_LOG=debug: on stderr, the key blanked, an answer and --json intact", async () => {
    const anthropic = await startFakeAnthropic([
      { text: "I now know the final answer\nFinal Answer: 5" },
    ]);
    try {
      const result = await runCli(
        ["ask", "--json", "--llm", "anthropic:claude-sonnet-5-5", "--tools", "calculator", "q"],
        {
          cwd: tempDir(),
          env: {
            ANTHROPIC_BASE_URL: `${anthropic.baseURL}/${KEY}`,
            ANTHROPIC_API_KEY: KEY,
            ANTHROPIC_LOG: "debug",
          },
        },
      );
      const events = result.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { type: string });
      expect(events.at(-1)?.type).toBe("run-end");
      expect(result.stderr).toMatch(/\[log_[0-9a-f]+\] sending request/);
      expect(result.stderr).toContain("/[REDACTED]/");
      expect(`${result.stdout}${result.stderr}`).not.toContain(KEY);
    } finally {
      await anthropic.close();
    }
  }, 60_000);
});
