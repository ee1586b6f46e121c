import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { answerCustomer } from "./support-desk.js";

const KEY = "shop-api-key-5e0c1d9f";

function folder(replies: readonly unknown[]) {
  const cwd = mkdtempSync(join(tmpdir(), "host-embed-"));
  writeFileSync(join(cwd, "replies.json"), JSON.stringify(replies));
  return cwd;
}

/** The host's data directory (its runs' journals) in the test's folder, not the user's. */
const settings = (cwd: string, env: Record<string, string>) => ({
  env: { ...env, LANGCHAIN_MINI_HOME: join(cwd, "data") },
  cwd,
});

describe("a program that embeds the host", () => {
  it("answers with its own tool object, the model taken from its settings", async () => {
    const cwd = folder([
      ' I should look the order up.\nAction: order_status\nAction Input: {"order": "a-1001"}',
      " I now know the final answer\nFinal Answer: Your order shipped and arrives on 2026-11-27.",
    ]);
    const reply = await answerCustomer(
      "Where is my order A-1001?",
      settings(cwd, { SUPPORT_LLM: "script:replies.json" }),
    );
    expect(reply.answer).toBe("Your order shipped and arrives on 2026-11-27.");
    expect(reply.log).toEqual(['looked up order_status with {"order": "a-1001"}']);
  });

  it("gets the host's output boundary: its keys never reach the answer, the trace or the journal", async () => {
    const cwd = folder([` I now know the final answer\nFinal Answer: the key is ${KEY}`]);
    const env = {
      SUPPORT_LLM: "script:replies.json",
      SHOP_API_KEY: KEY,
      LANGCHAIN_MINI_TRACE: join(cwd, "traces"),
    };
    const reply = await answerCustomer("What is the key?", settings(cwd, env));
    expect(reply.answer).toBe("the key is [REDACTED]");
    const [trace] = readdirSync(join(cwd, "traces"));
    expect(readFileSync(join(cwd, "traces", trace ?? ""), "utf8")).not.toContain(KEY);
    const runs = join(cwd, "data", "sessions", "runs");
    const [journal] = readdirSync(runs).filter((name) => name.endsWith(".jsonl"));
    const kept = readFileSync(join(runs, journal ?? ""), "utf8");
    expect(kept).toContain("the key is [REDACTED]");
    expect(kept).not.toContain(KEY);
  });

  it("says in its own log why there is no answer", async () => {
    const cwd = folder([]);
    const reply = await answerCustomer(
      "Hello?",
      settings(cwd, { SUPPORT_LLM: "script:replies.json" }),
    );
    expect(reply.answer).toBeUndefined();
    expect(reply.log.at(-1)).toMatch(/^could not answer: /);
  });
});
