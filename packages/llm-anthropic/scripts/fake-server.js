// A fake Messages API server for trying the CLI offline: it plays a Claude model that
// answers seed 000's "what is the square root of 25?" with the calculator, in the text
// ReAct format or with native tool use (--agent tools), for as many runs as you like.
//   pnpm --filter @langchain-mini/llm-anthropic fake-server [port]
import { startFakeAnthropic } from "../dist/testing/index.js";

const port = Number(process.argv[2] ?? process.env.PORT ?? 0);
const textOf = (content) =>
  typeof content === "string" ? content : content.map((block) => block.text ?? "").join("");
const fake = await startFakeAnthropic(
  ({ body }) => {
    const last = body.messages.at(-1);
    if (body.tools) {
      const result = Array.isArray(last.content)
        ? last.content.find((block) => block.type === "tool_result")
        : undefined;
      return result
        ? { text: `The square root of 25 is ${result.content}.` }
        : {
            text: "Let me compute that.",
            toolCalls: [{ name: "calculator", arguments: '{"input":"25^(1/2)"}' }],
          };
    }
    // The prompt's format instructions mention Observation too: look for the calculator's.
    return textOf(last.content).includes("Action Input: 25^(1/2)\nObservation:")
      ? { text: "I now know the final answer\nFinal Answer: The square root of 25 is 5." }
      : {
          text: "Thought: I need to use a calculator for this\nAction: calculator\nAction Input: 25^(1/2)\nObservation: 6",
          chunkDelayMs: 30,
        };
  },
  { port },
);
console.log(`Fake Messages API server listening; in another terminal:
  ANTHROPIC_BASE_URL=${fake.baseURL} ./dev start ask --llm anthropic:fake --tools calculator "what is the square root of 25?"
Ctrl-C stops it.`);
