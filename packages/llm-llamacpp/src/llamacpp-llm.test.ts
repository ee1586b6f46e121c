import { generate, isLangchainMiniError, type LlmChunk, REACT_STOP } from "@langchain-mini/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LlamaCppLlm } from "./llamacpp-llm.js";
import {
  CALCULATOR_SCRIPT,
  ENDLESS_SCRIPT,
  UNKNOWN_TOOL_SCRIPT,
  writeScriptModel,
} from "./testing/index.js";

const PROMPT = "Answer the question.\n\nQuestion: What is 2+2?\nThought:";
// One thread: on two shared cores more threads only wait on each other.
const load = (
  spec = CALCULATOR_SCRIPT,
  extra: Partial<Parameters<typeof LlamaCppLlm.load>[0]> = {},
) => LlamaCppLlm.load({ modelPath: writeScriptModel(spec), gpu: false, threads: 1, ...extra });

async function collect(stream: AsyncIterable<LlmChunk>) {
  const chunks: LlmChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe("LlamaCppLlm on a generated script model", () => {
  let llm: LlamaCppLlm;
  beforeAll(async () => {
    llm = await load();
  });
  afterAll(() => llm.dispose());

  it("continues a plain prompt, streaming one chunk per token, then usage", async () => {
    const chunks = await collect(llm.stream({ prompt: PROMPT }));
    const texts = chunks.flatMap((chunk) => (chunk.type === "text" ? [chunk.text] : []));
    expect(texts).toEqual([
      " I need to add 2 and 2.",
      "\nAction: calculator",
      "\nAction Input: 2+2",
      "\nObservation:",
      " 5, says the model",
    ]);
    const finish = chunks.at(-1);
    expect(finish).toMatchObject({ type: "finish", reason: "stop" });
    // BOS, 45 characters of one token each and "Thought:"; the end-of-text token is generated too.
    expect(finish).toMatchObject({ usage: { inputTokens: 47, outputTokens: 6 } });
    expect(llm.provider).toBe("llamacpp");
    expect(llm.model).toBe("calculator-script");
  });

  it("stops at a stop sequence inside llama.cpp, so no invented observation is generated", async () => {
    const response = await generate(llm, { prompt: PROMPT, stop: REACT_STOP });
    expect(response.text).toBe(" I need to add 2 and 2.\nAction: calculator\nAction Input: 2+2");
    expect(response.reason).toBe("stop");
    // Four tokens, the last one the stop sequence: generation ended there.
    expect(response.usage?.outputTokens).toBe(4);
  });

  it("writes the next step once the previous one is in the prompt", async () => {
    const first = await generate(llm, { prompt: PROMPT, stop: REACT_STOP });
    const next = `${PROMPT}${first.text}\nObservation: 4\nThought:`;
    const response = await generate(llm, { prompt: next, stop: REACT_STOP });
    expect(response.text).toBe(" I now know the final answer.\nFinal Answer: 2+2 is 4.");
  });

  it("runs concurrent calls one after the other, each with its own usage", async () => {
    const [whole, stopped] = await Promise.all([
      generate(llm, { prompt: PROMPT }),
      generate(llm, { prompt: PROMPT, stop: REACT_STOP }),
    ]);
    expect(whole.usage?.outputTokens).toBe(6);
    expect(stopped).toMatchObject({ usage: { outputTokens: 4 } });
    expect(stopped.text).toBe(" I need to add 2 and 2.\nAction: calculator\nAction Input: 2+2");
  });

  it("ends a free prompt at once instead of rambling", async () => {
    const response = await generate(llm, { prompt: "Tell me a story." });
    expect(response).toMatchObject({ text: "", reason: "stop" });
  });

  it("refuses chat messages with a clear error", async () => {
    const error = await generate(llm, { messages: [{ role: "user", content: "hi" }] }).catch(
      (caught: unknown) => caught,
    );
    expect(isLangchainMiniError(error) && error.code).toBe("llm_bad_request");
  });
});

describe("limits and cancellation", () => {
  let llm: LlamaCppLlm;
  beforeAll(async () => {
    llm = await load(ENDLESS_SCRIPT, { contextSize: 256 });
  });
  afterAll(() => llm.dispose());

  it("stops after maxTokens with finish reason 'length'", async () => {
    const chunks = await collect(llm.stream({ prompt: PROMPT, maxTokens: 7 }));
    const texts = chunks.flatMap((chunk) => (chunk.type === "text" ? [chunk.text] : []));
    expect(texts).toEqual([" Counting:", ...Array(6).fill(" one more")]);
    expect(chunks.at(-1)).toMatchObject({ type: "finish", reason: "length" });
  });

  it("aborts mid-generation with an 'aborted' error, and the model stays usable", async () => {
    const controller = new AbortController();
    let received = 0;
    const error = await (async () => {
      for await (const chunk of llm.stream({ prompt: PROMPT, signal: controller.signal })) {
        if (chunk.type === "text" && ++received === 5) controller.abort();
      }
    })().catch((caught: unknown) => caught);
    expect(isLangchainMiniError(error) && error.code).toBe("aborted");
    expect(received).toBe(5);

    const after = await generate(llm, { prompt: PROMPT, maxTokens: 2 });
    expect(after.text).toBe(" Counting: one more");
  });

  it("refuses an already-aborted signal before generating", async () => {
    const error = await generate(llm, { prompt: PROMPT, signal: AbortSignal.abort() }).catch(
      (caught: unknown) => caught,
    );
    expect(isLangchainMiniError(error) && error.code).toBe("aborted");
  });

  it("stops the model when the reader stops reading", async () => {
    for await (const chunk of llm.stream({ prompt: PROMPT })) {
      if (chunk.type === "text") break;
    }
    const after = await generate(llm, { prompt: PROMPT, maxTokens: 3 });
    expect(after.text).toBe(" Counting: one more one more");
  });

  it("fills the rest of the context, then ends with 'length' instead of forgetting the prompt", async () => {
    const response = await generate(llm, { prompt: PROMPT });
    expect(response.reason).toBe("length");
    expect((response.usage?.inputTokens ?? 0) + (response.usage?.outputTokens ?? 0)).toBe(256);
  });

  it("says clearly when the prompt does not fit the context", async () => {
    const long = `${"a".repeat(300)}\nThought:`;
    const error = await generate(llm, { prompt: long }).catch((caught: unknown) => caught);
    expect(isLangchainMiniError(error) && error.code).toBe("llm_context_exceeded");
    expect((error as Error).message).toBe(
      "The prompt is 303 tokens but the context holds 256: raise the context size (LLAMACPP_CONTEXT_SIZE, up to the model's 4096), or ask with fewer steps or a shorter history",
    );
    // The window it states is the context it loaded.
    expect(llm.contextWindow).toBe(256);
  });
});

describe("sampling", () => {
  it("is greedy by default, and repeatable with a temperature when seeded", async () => {
    const sample = async (seed: number, temperature?: number) => {
      // Top-k and top-p come before the temperature: open them, or the script's token
      // (far ahead of the rest) is the only candidate left.
      const llm = await load(ENDLESS_SCRIPT, { seed, temperature, topK: 0, topP: 1 });
      try {
        return (await generate(llm, { prompt: PROMPT, maxTokens: 12 })).text;
      } finally {
        await llm.dispose();
      }
    };
    expect(await sample(1)).toBe(` Counting:${" one more".repeat(11)}`);
    // So hot that the script's token is one among hundreds: the seed decides.
    const first = await sample(1, 50);
    expect(await sample(1, 50)).toBe(first);
    expect(await sample(2, 50)).not.toBe(first);
    expect(first).not.toBe(await sample(1));
  });
});

describe("format-constrained decoding", () => {
  it("forces an unknown tool onto a configured one", async () => {
    const free = await load(UNKNOWN_TOOL_SCRIPT);
    const constrained = await load(UNKNOWN_TOOL_SCRIPT, {
      reactGrammar: { toolNames: ["calculator", "search"] },
    });
    try {
      const loose = await generate(free, { prompt: PROMPT, stop: REACT_STOP });
      expect(loose.text).toBe(" Let me look this up.\nAction: weather\nAction Input: 2+2");
      const strict = await generate(constrained, { prompt: PROMPT, stop: REACT_STOP });
      expect(strict.text).toBe(" Let me look this up.\nAction: calculator\nAction Input: 2+2");
    } finally {
      await free.dispose();
      await constrained.dispose();
    }
  });

  it("leaves prompts that do not ask for a ReAct step unconstrained", async () => {
    const constrained = await load(UNKNOWN_TOOL_SCRIPT, {
      reactGrammar: { toolNames: ["calculator"] },
    });
    try {
      // Under the step grammar an empty completion is impossible; free text may be empty.
      const response = await generate(constrained, { prompt: "Standalone question:" });
      expect(response.text).toBe("");
    } finally {
      await constrained.dispose();
    }
  });
});
