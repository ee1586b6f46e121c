// The provider's overhead per streamed token, against a bare SDK loop over the same local
// server: both read the same SSE stream of one-token chunks.
import OpenAI from "openai";
import { OpenAiLlm } from "../dist/index.js";
import { startFakeOpenAi } from "../dist/testing/index.js";

const tokens = 2_000;
const text = "tok ".repeat(tokens);
const fake = await startFakeOpenAi([{ text, chunkSize: 4 }]);
const request = { prompt: "Count.", stop: ["\nObservation:"] };

const client = new OpenAI({ apiKey: "bench", baseURL: fake.baseURL, maxRetries: 0 });
async function bareSdk() {
  const stream = await client.chat.completions.create({
    model: "bench",
    messages: [{ role: "user", content: request.prompt }],
    stop: request.stop,
    stream: true,
    stream_options: { include_usage: true },
  });
  let received = "";
  for await (const chunk of stream) received += chunk.choices[0]?.delta?.content ?? "";
  return received.length;
}

const llm = new OpenAiLlm({
  apiKey: "bench",
  baseURL: fake.baseURL,
  model: "bench",
  maxRetries: 0,
  env: {},
});
async function provider() {
  let received = "";
  for await (const chunk of llm.stream(request)) if (chunk.type === "text") received += chunk.text;
  return received.length;
}

async function timePerToken(run, rounds) {
  for (let index = 0; index < 3; index++) await run();
  const samples = [];
  for (let index = 0; index < rounds; index++) {
    const started = process.hrtime.bigint();
    await run();
    samples.push(Number(process.hrtime.bigint() - started) / 1_000 / tokens);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

// Interleave the two so machine noise hits both alike.
const bare = [];
const ours = [];
for (let round = 0; round < 5; round++) {
  bare.push(await timePerToken(bareSdk, 4));
  ours.push(await timePerToken(provider, 4));
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const bareUs = median(bare);
const oursUs = median(ours);
console.log(`openai provider, ${tokens} streamed tokens over a local server (median µs per token)`);
console.log(`  bare SDK loop:        ${bareUs.toFixed(2)} µs/token`);
console.log(
  `  @langchain-mini/llm-openai: ${oursUs.toFixed(2)} µs/token (${(((oursUs - bareUs) / bareUs) * 100).toFixed(1)}% overhead)`,
);
await fake.close();
