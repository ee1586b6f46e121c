import { describe, it } from "vitest";
import { type HostileCase, runHostileCase } from "../test-support/hostile-case.js";

// A key no HTTP request can carry (pasted with a line break, a control character or
// curly quotes): one line naming the variable, exit 2, the key nowhere. Left to the HTTP
// client it failed as a "broken reply" whose message quoted the key.

const PROVIDERS = [
  ["openai", "OPENAI_API_KEY", { OPENAI_BASE_URL: "http://127.0.0.1:9/v1" }],
  ["anthropic", "ANTHROPIC_API_KEY", { ANTHROPIC_BASE_URL: "http://127.0.0.1:9" }],
  ["google", "GEMINI_API_KEY", { GOOGLE_GEMINI_BASE_URL: "http://127.0.0.1:9" }],
] as const;

const KEYS = [
  ["a line break", "keypartone-4411\nkeyparttwo-8822"],
  ["an escape character", "keypartone-4411\u001bkeyparttwo-8822"],
  ["curly quotes", "\u201ckeypartone-4411keyparttwo-8822\u201d"],
] as const;

const refused: HostileCase[] = PROVIDERS.flatMap(([provider, variable, env]) =>
  KEYS.map(([what, key]) => ({
    name: `--llm ${provider} with ${what} in ${variable}`,
    args: () => ["ask", "--tools", "calculator", "--llm", provider, "q"],
    env: { ...env, [variable]: key },
    status: 2,
    stdout: "",
    stderr: `langchain-mini: ${variable} holds a line break, a control character or a character such as a curly quote`,
    forbidden: ["keypartone", "keyparttwo"],
  })),
);

// The blanks around a key are trimmed by the client, as before: it is sent, and only the
// server (here: none) can turn it down.
const accepted: HostileCase[] = PROVIDERS.map(([provider, variable, env]) => ({
  name: `--llm ${provider} with a line break after ${variable}`,
  args: () => ["ask", "--tools", "calculator", "--llm", provider, "q"],
  env: { ...env, [variable]: "keypartone-4411keyparttwo-8822\n" },
  status: 1,
  stdout: "",
  forbidden: ["keypartone", "keyparttwo", "holds a line break"],
}));

describe("hostile corpus: API keys no request can carry", () => {
  for (const hostile of [...refused, ...accepted])
    it(hostile.name, () => runHostileCase(hostile), 60_000);
});
