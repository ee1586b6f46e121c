// The long run without the CLI, for the long-run benchmark's reference line: a fresh
// process that runs the conversation (agent, scripted LLM, calculator) and reads its
// events, with no output at all. Usage: node bare-run.js <script.json>
import { readFileSync } from "node:fs";
import { Agent } from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { Conversation, InMemorySessionStore } from "@langchain-mini/memory";
import { createCalculator } from "@langchain-mini/tool-calculator";

const replies = JSON.parse(readFileSync(process.argv[2], "utf8"));
const agent = new Agent({
  llm: new ScriptedLlm(replies, { record: false }),
  tools: [createCalculator()],
  maxSteps: replies.length,
});
const store = new InMemorySessionStore();
const conversation = new Conversation({ agent, llm: new ScriptedLlm([]), store, session: "bench" });
const run = conversation.ask("What is the sum?");
for await (const _event of run);
if ((await run.result).status !== "answered") process.exit(1);
