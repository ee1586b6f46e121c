// What the plug-in adds to an MCP tool call, and what a server costs to start: against
// the everything reference server over stdio, a call through the plug-in's tool (the
// agent's path: the arguments read as JSON and validated, then the call) beside the same
// call made with the SDK's client alone, each on its own server process; then the time
// from asking for the tools to having them, through the plug-in and with the SDK alone.
import { createRequire } from "node:module";
import { prepareToolInput, runTool } from "@langchain-mini/core";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { close, createTools } from "../dist/index.js";

const server = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/server-everything/dist/index.js",
);
const command = { command: process.execPath, args: [server, "stdio"] };
const env = { LANGCHAIN_MINI_MCP: JSON.stringify({ mcpServers: { everything: command } }) };
const signal = new AbortController().signal;

async function sdkClient() {
  const client = new Client({ name: "bench", version: "0" });
  await client.connect(new StdioClientTransport({ ...command, stderr: "ignore" }));
  return client;
}

async function medianMicroseconds(run, rounds) {
  for (let index = 0; index < 20; index++) await run(index);
  const samples = [];
  for (let index = 0; index < rounds; index++) {
    const started = process.hrtime.bigint();
    await run(index);
    samples.push(Number(process.hrtime.bigint() - started) / 1_000);
  }
  return median(samples);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

// One call: the plug-in's tool as the agent runs it, and the SDK's client alone.
const tools = await createTools({ env });
const echo = tools.find((tool) => tool.name === "everything__echo");
const direct = await sdkClient();
const ours = async (index) => {
  const prepared = await prepareToolInput(echo, `{"message": "call ${index}"}`);
  const outcome = await runTool(echo, prepared.value, { signal, timeoutMs: 60_000 });
  if (outcome.error) throw new Error(outcome.observation);
};
const bare = (index) => direct.callTool({ name: "echo", arguments: { message: `call ${index}` } });
// Interleaved, so that machine noise hits both alike.
const bareRounds = [];
const oursRounds = [];
for (let round = 0; round < 5; round++) {
  bareRounds.push(await medianMicroseconds(bare, 60));
  oursRounds.push(await medianMicroseconds(ours, 60));
}
await direct.close();
await close();

// Start-up: a fresh server process each time, until its tools are listed.
const pluginStarts = [];
const sdkStarts = [];
const sdkStart = async () => {
  const started = performance.now();
  const client = await sdkClient();
  await client.listTools();
  sdkStarts.push(performance.now() - started);
  await client.close();
};
const pluginStart = async () => {
  const started = performance.now();
  await createTools({ env });
  pluginStarts.push(performance.now() - started);
  await close();
};
// Each goes first in turn: the one after a server's shutdown may find the machine busier.
for (let round = 0; round < 6; round++) {
  for (const start of round % 2 ? [sdkStart, pluginStart] : [pluginStart, sdkStart]) await start();
}

const format = (us) => (us >= 1_000 ? `${(us / 1_000).toFixed(2)} ms` : `${us.toFixed(0)} µs`);
const bareUs = median(bareRounds);
const oursUs = median(oursRounds);
const difference = oursUs - bareUs;
console.log("tool-mcp, the everything server over stdio (medians):");
console.log(`  one call, the SDK's client alone     ${format(bareUs)}`);
console.log(
  `  one call, through the plug-in        ${format(oursUs)}  (${difference < 0 ? "-" : "+"}${format(Math.abs(difference))}: JSON, validation, the tool run)`,
);
console.log(`  start-up to a tool list, SDK alone   ${format(median(sdkStarts) * 1_000)}`);
console.log(`  start-up to a tool list, plug-in     ${format(median(pluginStarts) * 1_000)}`);
