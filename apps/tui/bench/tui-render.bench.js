// Rendering cost of the terminal UI while the model streams 200 tokens a second: the real
// App, drawn with the app's own Ink options into a terminal-sized stream, answering one
// question whose Thought streams for a few seconds. Prints frames per second, render time
// per frame, bytes to the terminal and CPU, next to the token rate.
import { performance } from "node:perf_hooks";
import { PassThrough, Writable } from "node:stream";

// As the CLI does before React loads (see src/commands/tui.ts).
process.env.NODE_ENV ??= "production";
const { InMemorySessionStore } = await import("@langchain-mini/memory");
const { createCalculator } = await import("@langchain-mini/tool-calculator");
const { render } = await import("ink");
const { createElement } = await import("react");
const { createSession, Secrets } = await import("@langchain-mini/host");
const { App } = await import("../dist/ui/components/app.js");
const { CHAT_RENDER_OPTIONS } = await import("../dist/ui/start-ui.js");

const TOKENS_PER_SECOND = Number(process.env.BENCH_TOKENS_PER_SECOND ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TOKENS = TOKENS_PER_SECOND * SECONDS;
const WORDS = ["I", " need", " to", " think", " about", " this", " step", " by", " step,", " then"];

/** An LLM that streams one token every 1/200 s on a fixed schedule (it catches up when late). */
const pacedLlm = {
  provider: "bench",
  model: `${TOKENS_PER_SECOND}-tokens-per-second`,
  async *stream() {
    const started = performance.now();
    for (let token = 0; token < TOKENS; token++) {
      const due = started + (token * 1000) / TOKENS_PER_SECOND;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      yield { type: "text", text: WORDS[token % WORDS.length] };
    }
    yield { type: "text", text: "\nFinal Answer: done" };
    yield { type: "finish", reason: "stop", usage: { inputTokens: 300, outputTokens: TOKENS } };
  },
};

/** A 120×40 terminal: counts frames (synchronized-output brackets) and bytes. */
class Terminal extends Writable {
  isTTY = true;
  columns = 120;
  rows = 40;
  bytes = 0;
  frames = 0;
  _write(chunk, _encoding, done) {
    const text = chunk.toString();
    this.bytes += chunk.length;
    this.frames += text.split("\u001b[?2026h").length - 1;
    done();
  }
}
const keyboard = Object.assign(new PassThrough(), {
  isTTY: true,
  setRawMode() {},
  ref() {},
  unref() {},
});

let runEnded;
const ended = new Promise((resolve) => {
  runEnded = resolve;
});
const session = createSession({
  runtime: {
    llm: pacedLlm,
    tools: [createCalculator()],
    maxSteps: 3,
    agentMode: "react",
    constrained: false,
    notices: [],
    close: async () => undefined,
  },
  store: new InMemorySessionStore(),
  secrets: new Secrets({}),
});
// The session the app draws, its runs' ends also reported to the benchmark.
const service = Object.create(session, {
  ask: {
    value: (question, options) => {
      const run = session.ask(question, options);
      run.result.then(runEnded);
      return run;
    },
  },
});
const terminal = new Terminal();
const renderTimes = [];
let recording = false;
const instance = render(createElement(App, { service }), {
  ...CHAT_RENDER_OPTIONS,
  stdout: terminal,
  stderr: new PassThrough(),
  stdin: keyboard,
  onRender: ({ renderTime }) => recording && renderTimes.push(renderTime),
});
await new Promise((resolve) => setTimeout(resolve, 200));

const framesBefore = terminal.frames;
const bytesBefore = terminal.bytes;
const cpuBefore = process.cpuUsage();
const loopBefore = performance.eventLoopUtilization();
const started = performance.now();
recording = true;
keyboard.write("Stream a long thought\r");
const result = await ended;
if (result.answer !== "done") throw new Error(`The run did not answer: ${JSON.stringify(result)}`);
// The last batch of tokens is drawn on the next frame.
await new Promise((resolve) => setTimeout(resolve, 50));
const seconds = (performance.now() - started) / 1000;
recording = false;
const cpu = process.cpuUsage(cpuBefore);
const loop = performance.eventLoopUtilization(loopBefore);
instance.unmount();

renderTimes.sort((a, b) => a - b);
const mean = renderTimes.reduce((sum, time) => sum + time, 0) / renderTimes.length;
const p95 = renderTimes[Math.min(renderTimes.length - 1, Math.ceil(renderTimes.length * 0.95) - 1)];
const cpuPercent = ((cpu.user + cpu.system) / 1000 / (seconds * 1000)) * 100;
console.log(
  `tui rendering while ${TOKENS} tokens stream at ${TOKENS_PER_SECOND}/s (${seconds.toFixed(1)} s, 120×40, Node ${process.version})`,
);
console.log(`  token updates            ${(TOKENS / seconds).toFixed(0).padStart(6)} /s`);
console.log(
  `  frames drawn             ${((terminal.frames - framesBefore) / seconds).toFixed(1).padStart(6)} /s (coalesced; Ink capped at ${CHAT_RENDER_OPTIONS.maxFps})`,
);
console.log(
  `  React renders            ${(renderTimes.length / seconds).toFixed(1).padStart(6)} /s`,
);
console.log(
  `  render time per frame    ${mean.toFixed(2).padStart(6)} ms mean, ${p95.toFixed(2)} ms p95`,
);
console.log(
  `  bytes to the terminal    ${((terminal.bytes - bytesBefore) / seconds / 1024).toFixed(1).padStart(6)} KiB/s`,
);
console.log(
  `  CPU                      ${cpuPercent.toFixed(1).padStart(6)} % of one core (event loop ${(loop.utilization * 100).toFixed(0)} % busy)`,
);
process.exit(0);
