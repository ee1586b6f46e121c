// Prompt tokens per turn over a 50-turn conversation, for each history strategy. A
// deterministic model answers every call; the figures count the prompts memory builds.
import { Agent, estimateTokens } from "@langchain-mini/core";
import {
  bufferHistory,
  Conversation,
  InMemorySessionStore,
  summaryHistory,
  windowHistory,
} from "../dist/index.js";

const TURNS = 50;

/** Rewrites, answers and summaries of a fixed size, whatever it is asked. */
function deterministicModel(tally) {
  return {
    provider: "bench",
    model: "deterministic",
    async *stream(request) {
      const prompt = request.prompt ?? "";
      let text;
      if (prompt.startsWith("Given the following conversation")) {
        tally.rewrite.push(estimateTokens(prompt));
        text = " What is the population of city number 7 in the year 2023, and how did it change?";
      } else if (prompt.includes("New summary:")) {
        tally.summary.push(estimateTokens(prompt));
        text =
          "The user is asking about city populations; answers so far gave figures near two million and noted steady growth since 2000.";
      } else {
        tally.agent.push(estimateTokens(prompt));
        text =
          " I now know the final answer\nFinal Answer: The population of that city was about 2.1 million in 2023, up 1.2% on the year before.";
      }
      yield { type: "text", text };
      yield {
        type: "finish",
        reason: "stop",
        usage: { inputTokens: estimateTokens(prompt), outputTokens: estimateTokens(text) },
      };
    },
  };
}

async function conversationCost(makeStrategy) {
  const tally = { rewrite: [], summary: [], agent: [] };
  const llm = deterministicModel(tally);
  const conversation = new Conversation({
    agent: new Agent({ llm }),
    llm,
    store: new InMemorySessionStore(),
    session: "bench",
    history: makeStrategy(llm),
  });
  for (let turn = 1; turn <= TURNS; turn++) {
    const run = conversation.ask(
      `And what about city number ${turn}, how many people live there now?`,
    );
    for await (const _event of run);
    await run.result;
  }
  return tally;
}

const at = (values, turn) => values[turn - 2] ?? 0; // rewrites start at turn 2
console.log(`memory: condense-question prompt tokens per turn over a ${TURNS}-turn conversation`);
console.log("  strategy    turn 2  turn 10  turn 25  turn 50   (+ summary upkeep per turn)");
for (const [name, make] of [
  ["buffer", () => bufferHistory()],
  ["window:5", () => windowHistory(5)],
  ["summary", (llm) => summaryHistory(llm)],
]) {
  const tally = await conversationCost(make);
  const upkeep = tally.summary.length
    ? `${tally.summary[0]}–${Math.max(...tally.summary)} tokens`
    : "none";
  console.log(
    `  ${name.padEnd(10)} ${[2, 10, 25, 50].map((turn) => String(at(tally.rewrite, turn)).padStart(7)).join("  ")}   (${upkeep})`,
  );
}
