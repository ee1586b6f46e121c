// An LLM plug-in for tests that look at a model mid-reply. `--llm <this file>:<model>`
// streams the first words of its Thought, then waits until the file HOLD_UNTIL names is
// there before it writes the rest and answers 405: a test sees the reply half-way for as
// long as it needs to.
import { existsSync } from "node:fs";

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

export const description = "streams a Thought half-way, then waits on a test";

export function createLlm({ model, env }) {
  return {
    provider: "held",
    model: model ?? "",
    async *stream({ signal }) {
      yield { type: "text", text: " I am weighing the five year periods" };
      while (env.HOLD_UNTIL && !existsSync(env.HOLD_UNTIL) && !signal.aborted) await pause();
      yield { type: "text", text: " of 2023\nFinal Answer: 405" };
      yield { type: "finish", reason: "stop" };
    },
  };
}
