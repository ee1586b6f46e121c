// Prompt tokens per turn over a 50-turn conversation, for each history strategy. A
// deterministic model answers every call with replies of a fixed size, so the figures
// are the prompts memory builds: the condense-question rewrite, the agent's prompt and,
// with the summary, its upkeep call.
import { Agent, estimateTokens } from "@langchain-mini/core";
import {
  bufferHistory,
  Conversation,
  InMemorySessionStore,
  summaryHistory,
  tokenBudgetHistory,
  windowHistory,
} from "../dist/index.js";

const TURNS = 50;
const SHOWN = [2, 10, 25, 50];

/** Rewrites, answers and summaries of a fixed size, whatever it is asked. */
function deterministicModel(tally) {
  return {
    provider: "bench",
    model: "deterministic",
    async *stream(request) {
      const prompt = request.prompt ?? "";
      let text;
      if (prompt.startsWith("Given the following conversation")) {
        tally("condense", prompt);
        text = " What is the population of city number 7 in the year 2023, and how did it change?";
      } else if (prompt.includes("New summary:")) {
        tally("summary", prompt);
        text =
          "The user is asking about city populations; answers so far gave figures near two million and noted steady growth since 2000.";
      } else {
        tally("agent", prompt);
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

/** Tokens of each kind of prompt, per turn (index 0 is turn 1). */
async function conversationCost(makeStrategy) {
  const perTurn = [];
  let current;
  const llm = deterministicModel((kind, prompt) => {
    current[kind] += estimateTokens(prompt);
  });
  const conversation = new Conversation({
    agent: new Agent({ llm }),
    llm,
    store: new InMemorySessionStore(),
    session: "bench",
    history: makeStrategy(llm),
  });
  for (let turn = 1; turn <= TURNS; turn++) {
    current = { condense: 0, agent: 0, summary: 0 };
    const run = conversation.ask(
      `And what about city number ${turn}, how many people live there now?`,
    );
    for await (const _event of run);
    await run.result;
    perTurn.push(current);
  }
  return perTurn;
}

const cell = (value) => String(value).padStart(7);
console.log(
  `memory: prompt tokens per turn over a ${TURNS}-turn conversation (estimateTokens, a deterministic model)`,
);
console.log(
  `  strategy     prompts    ${SHOWN.map((turn) => cell(`turn ${turn}`)).join(" ")}   growth per turn, 25→50`,
);
for (const [name, make] of [
  ["buffer", () => bufferHistory()],
  ["window:5", () => windowHistory(5)],
  ["tokens:1000", () => tokenBudgetHistory(1_000)],
  ["summary", (llm) => summaryHistory(llm)],
]) {
  const perTurn = await conversationCost(make);
  for (const [label, total] of [
    ["condense", (turn) => turn.condense],
    ["all", (turn) => turn.condense + turn.agent + turn.summary],
  ]) {
    const figures = perTurn.map(total);
    const growth = (figures[TURNS - 1] - figures[24]) / (TURNS - 25);
    console.log(
      `  ${(label === "condense" ? name : "").padEnd(12)} ${label.padEnd(10)} ${SHOWN.map((turn) => cell(figures[turn - 1])).join(" ")}   ${growth >= 0 ? "+" : ""}${growth.toFixed(1)}`,
    );
  }
}
