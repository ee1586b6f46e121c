// What prompt caching saves on a multi-step ReAct run: the same run with and without
// cache breakpoints, billed by the fake server's prompt cache (Anthropic's rules: a
// prefix is stored at a breakpoint once it reaches the model's minimum, here 1,024
// tokens, and read at a block boundary), priced in units of the base input price:
// uncached input 1, cache writes 1.25 (five-minute cache), cache reads 0.1; then what
// the whole run costs in dollars at the package's published prices of two models.
import { Agent } from "@langchain-mini/core";
import { AnthropicLlm, prices } from "../dist/index.js";
import { startFakeAnthropic } from "../dist/testing/index.js";

const calls = 10;
// A search tool whose results are as long as a page of snippets (about 400 tokens).
const search = {
  name: "search",
  description:
    "A search engine. Useful for when you need to answer questions about current events.",
  execute: (input) => `Results for ${input}: ${"a snippet of a web page about it. ".repeat(46)}`,
};
const script = ({ body }) => {
  const content = body.messages[0].content;
  const prompt =
    typeof content === "string" ? content : content.map((block) => block.text).join("");
  const done = prompt.split("\nObservation: Results for").length - 1;
  return done >= calls - 1
    ? { text: " I now know the final answer\nFinal Answer: done" }
    : { text: ` I should look further\nAction: search\nAction Input: part ${done + 1}` };
};

async function run(promptCaching, model = "claude-haiku-5-5") {
  const fake = await startFakeAnthropic(script, { minCacheTokens: 1024 });
  const llm = new AnthropicLlm({
    apiKey: "bench",
    baseURL: fake.baseURL,
    env: {},
    model,
    promptCaching,
  });
  const result = await new Agent({ llm, tools: [search], maxSteps: calls }).invoke("q?");
  await fake.close();
  if (result.status !== "answered") throw new Error(`the run ended ${result.status}`);
  const usages = fake.requests.map(({ usage }) => usage);
  return Object.assign(usages, { cost: result.cost });
}

const price = (usage) =>
  usage.input_tokens +
  1.25 * usage.cache_creation_input_tokens +
  0.1 * usage.cache_read_input_tokens;
const total = (usage) =>
  usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens;
const [cached, plain] = [await run(true), await run(false)];
console.log(`@langchain-mini/llm-anthropic: prompt caching on a ReAct run of ${calls} calls`);
console.log("  call   prompt tokens   read from cache   written   input cost, cached / uncached");
for (const [index, usage] of cached.entries()) {
  const cells = [
    String(index + 1).padStart(4),
    String(total(usage)).padStart(13),
    String(usage.cache_read_input_tokens).padStart(15),
    String(usage.cache_creation_input_tokens).padStart(7),
    `${price(usage).toFixed(0)} / ${price(plain[index]).toFixed(0)}`.padStart(28),
  ];
  console.log(`  ${cells.join("   ")}`);
}
const [withCache, without] = [cached, plain].map((usages) =>
  usages.reduce((sum, usage) => sum + price(usage), 0),
);
console.log(
  `  whole run: ${withCache.toFixed(0)} vs ${without.toFixed(0)} base-price input tokens: caching saves ${(100 * (1 - withCache / without)).toFixed(0)}% of the input cost`,
);
for (const model of ["claude-haiku-5-5", "claude-sonnet-5-5"]) {
  const [on, off] = [(await run(true, model)).cost, (await run(false, model)).cost];
  console.log(
    `  at ${model}'s prices (checked ${prices[model].checked}), output included: $${on.toFixed(5)} with caching, $${off.toFixed(5)} without (${(100 * (1 - on / off)).toFixed(0)}% less)`,
  );
}
