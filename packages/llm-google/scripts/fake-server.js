// A fake Gemini API server for trying the CLI offline: it plays a model that answers
// seed 000's "what is the square root of 25?" with the calculator, in the text ReAct
// format or with native function calls (--agent tools), for as many runs as you like.
//   pnpm --filter @langchain-mini/llm-google fake-server [port]
import { startFakeGemini } from "../dist/testing/index.js";

const port = Number(process.argv[2] ?? process.env.PORT ?? 0);
const fake = await startFakeGemini(
  ({ body }) => {
    const contents = /** @type {{ parts: Record<string, any>[] }[]} */ (body.contents);
    const last = contents.at(-1)?.parts.at(-1) ?? {};
    if (body.tools) {
      return last.functionResponse
        ? { text: `The square root of 25 is ${last.functionResponse.response.output}.` }
        : { text: "", functionCalls: [{ name: "calculator", args: { input: "25^(1/2)" } }] };
    }
    // The prompt's format instructions mention Observation too: look for the calculator's.
    return String(last.text).includes("Action Input: 25^(1/2)\nObservation:")
      ? { text: " I now know the final answer\nFinal Answer: The square root of 25 is 5." }
      : {
          text: " I need to use a calculator for this\nAction: calculator\nAction Input: 25^(1/2)",
          chunkDelayMs: 30,
        };
  },
  { port },
);
console.log(`Fake Gemini API server listening; in another terminal:
  GEMINI_BASE_URL=${fake.baseURL} ./dev start ask --llm google --tools calculator "what is the square root of 25?"
Ctrl-C stops it.`);
