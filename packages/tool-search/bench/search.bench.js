// What the tool adds to a search: against the same local fake SerpApi, a bare serpapi
// getJson call and the tool's uncached search (distinct queries), then a cached answer
// and answer extraction alone on a large reply.
import { Agent } from "node:https";
import { connect } from "node:net";
import { getJson } from "serpapi";
import { createSearchTool, extractAnswer } from "../dist/index.js";
import { startFakeSerpApi } from "../dist/testing/index.js";

const reply = {
  answer_box: { type: "organic_result", snippet: "Maximum temperature yesterday: 75 °F" },
  organic_results: Array.from({ length: 100 }, (_, index) => ({
    position: index + 1,
    title: `Result ${index}`,
    link: `https://example.com/${index}`,
    snippet:
      "A snippet of about a hundred characters, as Google writes them for each organic result. ".repeat(
        2,
      ),
  })),
};
const fake = await startFakeSerpApi({}, { body: reply });
const { port } = new URL(fake.baseURL);
const agent = new (class extends Agent {
  createConnection() {
    return connect(Number(port), "127.0.0.1");
  }
})();
const tool = createSearchTool({ apiKey: "bench", baseURL: fake.baseURL, env: {} });
const signal = new AbortController().signal;

let counter = 0;
const bare = () =>
  getJson({
    engine: "google",
    q: `bare ${counter++}`,
    api_key: "bench",
    requestOptions: { agent },
  });
const ours = () => tool.execute(`tool ${counter++}`, { signal });
const cached = () => tool.execute("tool 0", { signal });
// The longest path: no answer box, so the organic results are read.
const organicOnly = { organic_results: reply.organic_results };
const extract = () => extractAnswer(organicOnly, 1_000);

async function medianMicroseconds(run, rounds) {
  for (let index = 0; index < 20; index++) await run();
  const samples = [];
  for (let index = 0; index < rounds; index++) {
    const started = process.hrtime.bigint();
    await run();
    samples.push(Number(process.hrtime.bigint() - started) / 1_000);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

// Interleaved, so that machine noise hits both alike.
const bareRounds = [];
const oursRounds = [];
for (let round = 0; round < 5; round++) {
  bareRounds.push(await medianMicroseconds(bare, 40));
  oursRounds.push(await medianMicroseconds(ours, 40));
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const bareUs = median(bareRounds);
const oursUs = median(oursRounds);
const cachedUs = await medianMicroseconds(cached, 2_000);
const extractUs = await medianMicroseconds(extract, 2_000);
await fake.close();
agent.destroy();

const format = (us) => (us >= 1_000 ? `${(us / 1_000).toFixed(2)} ms` : `${us.toFixed(1)} µs`);
console.log("tool-search, one search against a local fake SerpApi (100 organic results, median):");
console.log(`  serpapi getJson alone       ${format(bareUs)}`);
const difference = oursUs - bareUs;
console.log(
  `  the search tool, uncached   ${format(oursUs)}  (${difference < 0 ? "-" : "+"}${format(Math.abs(difference))})`,
);
console.log(`  the search tool, cached     ${format(cachedUs)}`);
console.log(`  extractAnswer, organic only ${format(extractUs)}`);
