// An LLM plug-in for tests that act while the model "thinks". `--llm <this file>:<answer>`
// gives the final answer after the conditions its environment names:
//   WAIT_DIRECTORY and WAIT_FOR: write a file there, then wait until WAIT_FOR files are
//     there (processes that have all loaded their history before any answers);
//   STOP_PID and STOP_PORT: stop that process (a redis-server) and wait until nothing
//     accepts connections on the port (the server went away mid-run);
//   HOLD_UNTIL: stream the first words of the Thought, then wait until that file is there
//     (a reply seen half-way, for as long as a test needs).
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import { join } from "node:path";

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

function accepts(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export const description = "waits on a test's conditions, then answers";

export function createLlm({ model, env }) {
  return {
    provider: "waiting",
    model: model ?? "",
    // Stated, as a plug-in should: a run never says this model's window is not known.
    contextWindow: 32_768,
    async *stream({ signal }) {
      if (env.WAIT_DIRECTORY) {
        writeFileSync(join(env.WAIT_DIRECTORY, String(process.pid)), "");
        while (readdirSync(env.WAIT_DIRECTORY).length < Number(env.WAIT_FOR) && !signal.aborted) {
          await pause();
        }
      }
      if (env.STOP_PID) {
        process.kill(Number(env.STOP_PID), "SIGTERM");
        while ((await accepts(Number(env.STOP_PORT))) && !signal.aborted) await pause();
      }
      if (env.HOLD_UNTIL) {
        yield { type: "text", text: " I now know" };
        while (!existsSync(env.HOLD_UNTIL) && !signal.aborted) await pause();
        yield { type: "text", text: ` the final answer\nFinal Answer: ${model}` };
      } else {
        yield { type: "text", text: ` I now know the final answer\nFinal Answer: ${model}` };
      }
      yield { type: "finish", reason: "stop" };
    },
  };
}
