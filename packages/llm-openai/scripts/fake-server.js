// A fake OpenAI-compatible server for trying the CLI offline: it plays a model that
// answers seed 000's "what is the square root of 25?" with the calculator, in the text
// ReAct format or with native tool calls (--agent tools), for as many runs as you like.
//   pnpm --filter @langchain-mini/llm-openai fake-server [port]
import { startFakeOpenAi } from "../dist/testing/index.js";

const port = Number(process.argv[2] ?? process.env.PORT ?? 0);
const fake = await startFakeOpenAi(
  ({ body }) => {
    const messages = /** @type {{ role: string, content: string }[]} */ (body.messages);
    const last = messages.at(-1);
    if (body.tools) {
      return last?.role === "tool"
        ? { text: `The square root of 25 is ${last.content}.` }
        : { text: "", toolCalls: [{ name: "calculator", arguments: '{"input":"25^(1/2)"}' }] };
    }
    // The prompt's format instructions mention Observation too: look for the calculator's.
    return last?.content.includes("Action Input: 25^(1/2)\nObservation:")
      ? { text: " I now know the final answer\nFinal Answer: The square root of 25 is 5." }
      : {
          text: " I need to use a calculator for this\nAction: calculator\nAction Input: 25^(1/2)",
          chunkDelayMs: 30,
        };
  },
  { port },
);
console.log(`Fake OpenAI-compatible server listening; in another terminal:
  OPENAI_BASE_URL=${fake.baseURL} ./dev start ask --llm openai:fake --tools calculator "what is the square root of 25?"
Ctrl-C stops it.`);
