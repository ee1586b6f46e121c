import assert from "node:assert/strict";
import { Agent } from "../agent/react-agent.js";
import type { AgentEvent } from "../contracts/events.js";
import type { LlmChunk } from "../contracts/llm.js";
import { generate } from "../stream/read-llm.js";
import {
  assertClosedEarly,
  failureOf,
  PROMPT,
  piecesIn,
  withProvider,
} from "./provider-check-kit.js";
import type { ProviderCheck, ProviderContractOptions } from "./provider-contract-options.js";

// Each reply continues PROMPT's open label the way a ReAct model does: after a space.
const ANSWER = " Final Answer: forty-two, said the model.";
const STEP = " I will look it up.\nAction: lookup\nAction Input: the answer";
const STOP = "\nObservation:";
/** Long and slow: a check that ends it early is done long before it would be. */
const SLOW = {
  text: ` Counting slowly:${Array.from({ length: 30 }, (_, index) => ` n${100 + index}`).join("")}`,
  chunkSize: 2,
  chunkDelayMs: 20,
};
const CANCELLED = { code: "aborted", message: "The run was cancelled" };

/** Streaming, stop sequences, usage and cancellation: what every provider does. */
export function streamChecks(options: ProviderContractOptions): ProviderCheck[] {
  const { name } = options;
  return [
    {
      name: "streams the text in pieces, then one finish with the reason and the token usage",
      run: () =>
        withProvider(options, [{ text: ANSWER, chunkSize: 6 }], async (llm) => {
          const chunks: LlmChunk[] = [];
          for await (const chunk of llm.stream({ prompt: PROMPT })) chunks.push(chunk);
          const texts = chunks.flatMap((chunk) => (chunk.type === "text" ? [chunk.text] : []));
          assert.ok(texts.length > 1, `${name}: the text came in ${texts.length} piece(s)`);
          assert.equal(texts.join(""), ANSWER);
          const finishes = chunks.filter((chunk) => chunk.type === "finish");
          assert.equal(finishes.length, 1, `${name}: one finish`);
          const finish = chunks.at(-1);
          assert.ok(finish?.type === "finish", `${name}: the finish comes last`);
          assert.equal(finish.reason, "stop");
          for (const count of [finish.usage?.inputTokens, finish.usage?.outputTokens]) {
            assert.ok(Number.isInteger(count) && (count ?? 0) > 0, `${name}: usage ${count}`);
          }
        }),
    },
    {
      name: "ends the text before the first stop sequence, with reason stop",
      run: () =>
        withProvider(options, [{ text: `${STEP}${STOP} made up`, chunkSize: 6 }], async (llm) => {
          const response = await generate(llm, { prompt: PROMPT, stop: [STOP] });
          assert.deepEqual([response.text, response.reason], [STEP, "stop"]);
        }),
    },
    {
      name: "cuts a reply that streams past its stop sequence itself, closing the stream there",
      run: () => {
        const reply = { ...SLOW, text: `${STEP}${STOP} made up${SLOW.text}`, ignoreStop: true };
        return withProvider(options, [reply], async (llm, server) => {
          const response = await generate(llm, { prompt: PROMPT, stop: [STOP] });
          assert.deepEqual([response.text, response.reason], [STEP, "stop"]);
          await assertClosedEarly(options, server, piecesIn(reply.text, reply.chunkSize));
        });
      },
    },
    {
      name: "ends the stream at an abort with the partial text, no finish and an aborted error",
      run: () =>
        withProvider(options, [SLOW], async (llm, server) => {
          const controller = new AbortController();
          const chunks: LlmChunk[] = [];
          const reading = (async () => {
            for await (const chunk of llm.stream({ prompt: PROMPT, signal: controller.signal })) {
              chunks.push(chunk);
              if (chunk.type === "text") controller.abort();
            }
          })();
          const failure = await failureOf(reading);
          assert.deepEqual({ code: failure.code, message: failure.message }, CANCELLED);
          const text = chunks.map((chunk) => (chunk.type === "text" ? chunk.text : "")).join("");
          assert.ok(text && SLOW.text.startsWith(text) && text.length < SLOW.text.length / 2);
          assert.ok(!chunks.some((chunk) => chunk.type === "finish"), `${name}: no finish`);
          await assertClosedEarly(options, server, piecesIn(SLOW.text, SLOW.chunkSize));
        }),
    },
    {
      name: "reports a run cancelled mid-stream as aborted, never as a short answer",
      run: () =>
        withProvider(options, [SLOW], async (llm, server) => {
          const controller = new AbortController();
          const run = new Agent({ llm }).run("q", { signal: controller.signal });
          const events: AgentEvent[] = [];
          for await (const event of run) {
            events.push(event);
            if (event.type === "llm-delta") controller.abort();
          }
          const result = await run.result;
          assert.deepEqual(
            [result.status, result.answer, result.error],
            ["aborted", undefined, CANCELLED],
          );
          assert.ok(!events.some((event) => event.type === "final-answer"));
          await assertClosedEarly(options, server, piecesIn(SLOW.text, SLOW.chunkSize));
        }),
    },
    {
      name: "refuses a call whose signal is already aborted, without asking the model",
      run: () =>
        withProvider(options, [{ text: ANSWER, chunkSize: 6 }], async (llm, server) => {
          const failure = await failureOf(
            generate(llm, { prompt: PROMPT, signal: AbortSignal.abort() }),
          );
          assert.equal(failure.code, "aborted");
          assert.equal(server.requests.length, 0, `${name}: no request`);
        }),
    },
    {
      name: "lets go of the stream when the reader stops early, and answers the next call",
      run: () =>
        withProvider(options, [SLOW, { text: ANSWER, chunkSize: 6 }], async (llm, server) => {
          for await (const chunk of llm.stream({ prompt: PROMPT }))
            if (chunk.type === "text") break;
          await assertClosedEarly(options, server, piecesIn(SLOW.text, SLOW.chunkSize));
          const next = await generate(llm, { prompt: PROMPT, maxTokens: 200 });
          assert.ok(next.text.length > 0, `${name}: the next call answers`);
        }),
    },
  ];
}
