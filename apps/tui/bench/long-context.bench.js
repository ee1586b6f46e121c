// A 40-step run with large tool results (a 60 KB page a step, and a 1 MB one every tenth),
// against the fake OpenAI-compatible server counting each prompt with OpenAI's tokenizer
// and reporting as cached the prefix it shares with the previous request (an ideal
// prefix cache). Two runs in the same process, the same agent and model, both modes:
//   compacting: the model's window is 32,768 tokens (the server keeps it): results over
//     their share are cut, and the prompt is compacted when it would not fit;
//   anchor: the model's window is so large nothing is cut or compacted (the server keeps
//     none): what the same run sends when the prompt is only ever appended to.
// Figures: tokens sent (all calls' prompts), the share of them read from the cache, the
// largest prompt, compactions, and the cost at gpt-4.1-mini's prices ($0.40 per million
// input tokens, $0.10 cached, $1.60 output).
import { Agent, ToolCallingAgent } from "@langchain-mini/core";
import { OpenAiLlm } from "@langchain-mini/llm-openai";
import { startFakeOpenAi } from "@langchain-mini/llm-openai/testing";

const STEPS = 40;
const WINDOW = 32_768;
const QUESTION = "What is the code on the last page of the report?";

const code = (page) => `K${(page * 7919) % 100_003}`;
function page(number) {
  const size = number % 10 === 0 ? 1_000_000 : 60_000;
  const line = `Page ${number}: the quarterly figures, region by region, as filed.\n`;
  return `${line.repeat(Math.ceil(size / line.length)).slice(0, size)}\nThe code of page ${number} is ${code(number)}.`;
}
const fetchPage = {
  name: "fetch_page",
  description: "Fetches one page of the report: give the page's number.",
  execute: (input) => page(Number.parseInt(input, 10) || 1),
};

/** The model: reads the page after the last one asked for, then answers from the last. */
function script(mode) {
  return ({ body }) => {
    const messages = body.messages;
    const text = String(messages.at(-1)?.content ?? "");
    if (text.startsWith("An agent is answering")) return { text: "Pages were read in order." };
    const last =
      mode === "tools"
        ? Number(
            JSON.parse(
              messages.flatMap((m) => m.tool_calls ?? []).at(-1)?.function.arguments ??
                '{"input":"0"}',
            ).input,
          )
        : Number(
            [...text.slice(text.lastIndexOf("\nBegin!\n")).matchAll(/\nAction Input: (\d+)/g)].at(
              -1,
            )?.[1] ?? 0,
          );
    if (last < STEPS) {
      const next = String(last + 1);
      return mode === "tools"
        ? {
            text: "",
            toolCalls: [{ name: "fetch_page", arguments: JSON.stringify({ input: next }) }],
          }
        : { text: ` Page ${last} read.\nAction: fetch_page\nAction Input: ${next}` };
    }
    const all = messages.map((m) => m.content ?? "").join("\n");
    const answer =
      new RegExp(`The code of page ${STEPS} is (\\w+)\\.`).exec(all)?.[1] ?? "not found";
    return mode === "tools"
      ? { text: answer }
      : { text: ` I now know the final answer\nFinal Answer: ${answer}` };
  };
}

async function measure(mode, window) {
  const fake = await startFakeOpenAi(script(mode), { contextWindow: window });
  try {
    const openai = new OpenAiLlm({
      baseURL: fake.baseURL,
      apiKey: "sk-bench",
      model: "gpt-4.1-mini",
      env: {},
    });
    // The same model, with the window the run is told.
    const llm = {
      provider: openai.provider,
      model: openai.model,
      capabilities: openai.capabilities,
      price: openai.price,
      contextWindow: window,
      stream: (request) => openai.stream(request),
    };
    const options = { llm, tools: [fetchPage], maxSteps: STEPS + 1, today: "2026-11-27" };
    const agent = mode === "tools" ? new ToolCallingAgent(options) : new Agent(options);
    const started = performance.now();
    const run = agent.run(QUESTION);
    let compactions = 0;
    for await (const event of run) if (event.type === "compaction") compactions++;
    const result = await run.result;
    if (result.answer !== code(STEPS))
      throw new Error(`${mode}: answered ${result.answer ?? result.error?.message}`);
    return {
      sent: result.usage.inputTokens,
      cached: result.usage.cachedInputTokens ?? 0,
      largest: Math.max(...fake.requests.map((request) => request.promptTokens ?? 0)),
      calls: fake.requests.length,
      refused: fake.refused.length,
      compactions,
      cost: result.cost ?? Number.NaN,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await fake.close();
  }
}

const thousands = (value) => value.toLocaleString("en-US");
const line = (name, figures) =>
  `    ${name.padEnd(11)} ${thousands(figures.sent).padStart(11)} tokens sent, ${((100 * figures.cached) / figures.sent).toFixed(0).padStart(3)}% cached, largest prompt ${thousands(figures.largest).padStart(9)}, ${String(figures.calls).padStart(2)} calls (${figures.refused} refused), ${String(figures.compactions).padStart(2)} compactions, $${figures.cost.toFixed(4)} (${figures.seconds.toFixed(1)} s)`;

console.log(
  `Long context: ${STEPS}-step run, 60 KB results (1 MB every tenth), gpt-4.1-mini prices (Node ${process.version})`,
);
console.log(
  `  aim: every prompt inside the ${thousands(WINDOW)}-token window, most of it read from the cache`,
);
for (const mode of ["react", "tools"]) {
  const compacting = await measure(mode, WINDOW);
  const anchor = await measure(mode, Number.MAX_SAFE_INTEGER);
  console.log(`  ${mode}:`);
  console.log(line("compacting", compacting));
  console.log(line("anchor", anchor));
  console.log(
    `    compaction sends ${(anchor.sent / compacting.sent).toFixed(1)}× fewer tokens and costs ${(anchor.cost / compacting.cost).toFixed(1)}× less`,
  );
}
