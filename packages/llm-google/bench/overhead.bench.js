// The provider's overhead per streamed token, against a bare SDK loop over the same local
// server. The server replays one recorded reply (the fake's SSE, one token a chunk) from
// memory, so the time measured is the client's: SSE parsing in the SDK, plus our work.
import { createServer } from "node:http";
import { GoogleGenAI } from "@google/genai";
import { GeminiLlm } from "../dist/index.js";
import { startFakeGemini } from "../dist/testing/index.js";

const tokens = 5_000;
const rounds = 30;
const model = "gemini-3.8-flash";
const request = { prompt: "Count.", stop: ["\nObservation:"] };

const fake = await startFakeGemini([{ text: "tok ".repeat(tokens), chunkSize: 4 }], {
  apiKey: "bench",
});
const recorded = await (
  await fetch(`${fake.baseURL}/v1/models/${model}:streamGenerateContent?alt=sse`, {
    method: "POST",
    headers: { "x-goog-api-key": "bench" },
    body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: request.prompt }] }] }),
  })
).text();
await fake.close();
const server = createServer((incoming, response) => {
  incoming.resume().on("end", () => {
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.end(recorded);
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const baseURL = `http://127.0.0.1:${server.address().port}`;

const client = new GoogleGenAI({
  apiKey: "bench",
  vertexai: false,
  httpOptions: { baseUrl: baseURL },
});
/** The loop a user of the SDK writes; any cancellable caller passes a signal. */
async function bareSdk(signal) {
  const stream = await client.models.generateContentStream({
    model,
    contents: request.prompt,
    config: { stopSequences: request.stop, ...(signal ? { abortSignal: signal } : {}) },
  });
  let received = "";
  for await (const chunk of stream) received += chunk.text ?? "";
  return received;
}

const llm = new GeminiLlm({ apiKey: "bench", baseURL, model, env: {} });
async function provider() {
  let received = "";
  const signal = new AbortController().signal;
  for await (const chunk of llm.stream({ ...request, signal }))
    if (chunk.type === "text") received += chunk.text;
  return received;
}

if ((await bareSdk()) !== (await provider())) throw new Error("the two loops read different text");

/** Wall-clock and CPU microseconds per token for one call. */
async function measure(run) {
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  await run();
  const wall = Number(process.hrtime.bigint() - started) / 1_000;
  const used = process.cpuUsage(cpu);
  return { wall: wall / tokens, cpu: (used.user + used.system) / tokens };
}

const bareWithSignal = () => bareSdk(new AbortController().signal);
const samples = { bare: [], signal: [], ours: [] };
for (let warm = 0; warm < 5; warm++) await Promise.all([bareSdk(), provider()]);
// Rotate the order every round, so that noise from the rest of the machine and garbage
// left by one loop for the next fall on all three alike.
const loops = [
  ["bare", () => bareSdk()],
  ["signal", bareWithSignal],
  ["ours", provider],
];
for (let round = 0; round < rounds; round++) {
  for (let index = 0; index < loops.length; index++) {
    const [name, run] = loops[(round + index) % loops.length];
    samples[name].push(await measure(run));
  }
}
await new Promise((resolve) => server.close(resolve));

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const overhead = (ours, base) =>
  `${ours >= base ? "+" : ""}${((ours - base) * 1000).toFixed(0)} ns (${(((ours - base) / base) * 100).toFixed(1)}%)`;
console.log(
  `@langchain-mini/llm-google: ${tokens} streamed tokens from a local server, median of ${rounds} calls each, µs per token`,
);
console.log(
  "             bare SDK   bare SDK + signal   provider   overhead vs bare + signal   vs bare",
);
for (const kind of ["cpu", "wall"]) {
  const [bare, signal, ours] = ["bare", "signal", "ours"].map((name) =>
    median(samples[name].map((sample) => sample[kind])),
  );
  console.log(
    `  ${`${kind} time`.padEnd(9)}  ${bare.toFixed(2).padStart(8)}   ${signal.toFixed(2).padStart(17)}   ${ours.toFixed(2).padStart(8)}   ${overhead(ours, signal).padStart(25)}   ${overhead(ours, bare)}`,
  );
}
console.log(
  "  The overhead is one async-iterator layer (core's LLM contract), the per-chunk checks and the idle timer; a real model streams a token every 5 to 50 ms.",
);
