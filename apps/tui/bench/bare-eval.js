// The eval's reference line: the same runs without the CLI, the host or the eval, a core
// agent per model over the OpenAI provider, `batch` at the same concurrency, answers only
// checked for the expected number. Usage: node bare-eval.js <base URL> <cases> <concurrency>
import { Agent } from "@langchain-mini/core";
import { OpenAiLlm } from "@langchain-mini/llm-openai";
import { createCalculator } from "@langchain-mini/tool-calculator";

const [baseURL, cases, concurrency] = process.argv.slice(2);
const questions = Array.from({ length: Number(cases) }, (_, index) => `What is ${index} * 7?`);
const agents = ["gpt-4.1-mini", "gpt-4.1"].map(
  (model) =>
    new Agent({
      llm: new OpenAiLlm({ apiKey: "sk-bench", baseURL, model }),
      tools: [createCalculator()],
    }),
);
const runs = agents.flatMap((agent) => questions.map((question) => ({ agent, question })));
let next = 0;
let wrong = 0;
async function worker() {
  while (next < runs.length) {
    const { agent, question } = runs[next++];
    const result = await agent.invoke(question);
    const [, a] = /What is (\d+)/.exec(question);
    if (!String(result.answer).includes(String(Number(a) * 7))) wrong++;
  }
}
await Promise.all(Array.from({ length: Number(concurrency) }, worker));
if (wrong > 0) process.exit(1);
