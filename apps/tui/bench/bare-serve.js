// The serve benchmark's reference line: the same HTTP load with nothing but HTTP in
// between. A plain node:http server answers POST /api/runs as serve does (NDJSON lines,
// run-start at once, run-end with the answer) after the calls a run makes to the model at
// OPENAI_BASE_URL (a session's follow-up rewritten first, then an action, then the answer),
// the calculator's work done by a multiplication; no agent, journal or store.
// Prints `Listening on http://127.0.0.1:PORT` on stderr like serve.
import { Agent, createServer, request } from "node:http";

const completions = new URL(`${process.env.OPENAI_BASE_URL}/chat/completions`);
const agent = new Agent({ keepAlive: true });
const sessions = new Set();

/** The streamed reply's text: the content deltas of its `data:` lines. */
function complete(prompt) {
  const body = JSON.stringify({
    model: "fake",
    stream: true,
    messages: [{ role: "user", content: prompt }],
  });
  return new Promise((resolve, reject) => {
    const call = request(
      completions,
      { method: "POST", agent, headers: { "content-type": "application/json" } },
      (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => {
          const deltas = text.split("\n").filter((line) => line.startsWith("data: {"));
          resolve(deltas.map((line) => JSON.parse(line.slice(6)).choices[0]?.delta?.content ?? ""));
        });
        response.on("error", reject);
      },
    );
    call.on("error", reject);
    call.end(body);
  }).then((pieces) => pieces.join(""));
}

async function answer({ question, session }) {
  const standalone = sessions.has(session)
    ? (await complete(`Follow Up Input: ${question}\nStandalone question:`)).trim()
    : question;
  sessions.add(session);
  const prompt = `\nBegin!\n\nQuestion: ${standalone}\nThought:`;
  const action = await complete(prompt);
  const [, a, b] = /Action Input: (\d+) \* (\d+)/.exec(action) ?? [];
  const final = await complete(`${prompt}${action}\nObservation: ${Number(a) * Number(b)}\n`);
  return /Final Answer: (.*)/.exec(final)?.[1] ?? "";
}

const server = createServer((incoming, response) => {
  let body = "";
  incoming.setEncoding("utf8").on("data", (chunk) => {
    body += chunk;
  });
  incoming.on("end", async () => {
    response.writeHead(200, { "content-type": "application/x-ndjson", "x-run-id": "bare" });
    response.write(
      `${JSON.stringify({ type: "run-start", question: JSON.parse(body).question })}\n`,
    );
    const result = { status: "answered", answer: await answer(JSON.parse(body)) };
    response.end(`${JSON.stringify({ type: "run-end", result })}\n`);
  });
});
server.listen(0, "127.0.0.1", () => {
  process.stderr.write(`Listening on http://127.0.0.1:${server.address().port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
