import { join } from "node:path";
import { type FakeScript, startFakeOpenAi } from "@langchain-mini/llm-openai/testing";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../test-support/cli.js";
import {
  CASE_TIMEOUT_MS,
  COUNTING_TOOL,
  completedTwice,
  fakeModelHome,
  ledger,
  toolResults,
} from "../test-support/counting-run.js";
import { ndjsonLines, type ServeProcess, startServe } from "../test-support/serve-process.js";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>> | undefined;
let server: ServeProcess | undefined;
afterEach(async () => {
  await server?.stop("SIGKILL");
  server = undefined;
  await fake?.close();
  fake = undefined;
});

/** Counts, then publishes (which waits for approval), then answers with what it was told. */
const publishing: FakeScript = (request) => {
  const results = toolResults(request.body, "react");
  const tool = ["count", "publish"][results.length];
  if (tool === undefined) {
    return { text: ` I now know the final answer\nFinal Answer: Done: ${results.join("; ")}` };
  }
  return { text: ` I will ${tool} it.\nAction: ${tool}\nAction Input: report` };
};

function project(baseURL: string, extra: Record<string, string> = {}) {
  const directory = tempDir();
  const env = {
    OPENAI_BASE_URL: baseURL,
    LANGCHAIN_MINI_HOME: fakeModelHome(directory),
    COUNT_FILE: join(directory, "ledger"),
    ...extra,
  };
  return { directory, env, ledger: () => ledger(env.COUNT_FILE) };
}

const FLAGS = ["--llm", "openai:fake", "--tools", COUNTING_TOOL];

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

/** What differs between two runs of the same script: ids, times, where the answer went. */
function comparable(event: Record<string, unknown>): unknown {
  return JSON.parse(
    JSON.stringify(event, (key, value) =>
      key === "runId" || key === "durationMs" || key === "saved" ? undefined : value,
    ),
  );
}

describe("serve: the JSON-lines API over real HTTP", { timeout: CASE_TIMEOUT_MS }, () => {
  it("streams a run as ask --json writes it, pauses for approval, and goes on when approved", async () => {
    fake = await startFakeOpenAi(publishing);
    const here = project(fake.baseURL);
    const ask = await runCli(["ask", "--json", "--approval", "pause", ...FLAGS, "Publish it"], {
      env: { ...here.env, COUNT_FILE: join(here.directory, "ask-ledger") },
    });
    expect(ask.status).toBe(3);
    const askEvents = ask.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const asked = fake.requests.length;

    server = await startServe(FLAGS, { env: here.env, cwd: here.directory });
    const response = await post(`${server.url}/api/runs`, {
      question: "Publish it",
      session: "team-chat",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    const runId = response.headers.get("x-run-id") ?? "";
    const events = await ndjsonLines(response);
    expect(events.map(comparable)).toEqual(askEvents.map(comparable));
    expect(events.at(-1)).toMatchObject({
      type: "run-end",
      result: { status: "paused", error: { code: "run_paused" } },
    });
    expect(here.ledger()).toEqual(["start count report", "end count report"]);

    const run = await (await fetch(`${server.url}/api/runs/${runId}`)).json();
    expect(run).toMatchObject({
      runId,
      status: "paused",
      session: "team-chat",
      waitingOn: { tool: "publish", input: "report" },
    });

    // Read again from the start, and from the middle: the same lines.
    const again = await ndjsonLines(await fetch(`${server.url}/api/runs/${runId}/events`));
    expect(again).toEqual(events);
    const tail = await ndjsonLines(await fetch(`${server.url}/api/runs/${runId}/events?after=3`));
    expect(tail).toEqual(events.slice(3));

    const approved = await post(`${server.url}/api/runs/${runId}/approve`, {});
    expect(approved.status).toBe(200);
    const continued = await ndjsonLines(approved);
    // As runs approve --json writes it: the run replayed from its journal, then live.
    expect(continued[0]).toMatchObject({ type: "run-start", runId });
    const types = continued.map((event) => event.type);
    expect(types.indexOf("approval")).toBeLessThan(types.indexOf("resumed"));
    expect(continued.find((event) => event.type === "approval")).toMatchObject({
      tool: "publish",
      decision: "approved",
      asked: true,
    });
    expect(continued.at(-1)).toMatchObject({
      type: "run-end",
      result: { status: "answered", answer: "Done: counted report; published report" },
    });
    expect(here.ledger()).toEqual([
      "start count report",
      "end count report",
      "start publish report",
      "end publish report",
    ]);
    expect(completedTwice(fake.requests.slice(asked))).toEqual([]);

    const history = await (await fetch(`${server.url}/api/sessions/team-chat`)).json();
    expect(history).toEqual({
      id: "team-chat",
      turns: [{ question: "Publish it", answer: "Done: counted report; published report" }],
    });
    // Not paused any more: a second decision is refused with a stable code.
    const twice = await post(`${server.url}/api/runs/${runId}/deny`, { note: "no" });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({
      error: { code: "run_not_paused", message: expect.stringContaining("is answered") },
    });
  });

  it("denies a paused call with a note the model reads", async () => {
    fake = await startFakeOpenAi((request) => {
      const body = JSON.stringify(request.body);
      if (body.includes("not today")) return { text: " Final Answer: Not published." };
      return { text: " I will publish it.\nAction: publish\nAction Input: report" };
    });
    const here = project(fake.baseURL);
    server = await startServe(FLAGS, { env: here.env, cwd: here.directory });
    const paused = await post(`${server.url}/api/runs`, { question: "Publish it" });
    const runId = paused.headers.get("x-run-id") ?? "";
    await paused.text();
    const denied = await post(`${server.url}/api/runs/${runId}/deny`, { note: "not today" });
    const events = await ndjsonLines(denied);
    expect(events).toContainEqual(
      expect.objectContaining({ type: "approval", decision: "declined", note: "not today" }),
    );
    expect(events.at(-1)).toMatchObject({ result: { answer: "Not published." } });
    expect(here.ledger()).toEqual([]);
  });

  it("refuses a second run in a busy session (409), cancels the first, and then takes the second", async () => {
    fake = await startFakeOpenAi((request) =>
      JSON.stringify(request.body).includes("slow")
        ? { text: " Final Answer: late", chunkSize: 1, chunkDelayMs: 600_000 }
        : { text: " Final Answer: quick" },
    );
    const here = project(fake.baseURL);
    server = await startServe(FLAGS, { env: here.env, cwd: here.directory });
    const slow = await post(`${server.url}/api/runs`, { question: "slow one", session: "s1" });
    const runId = slow.headers.get("x-run-id") ?? "";
    const reading = ndjsonLines(slow);

    const busy = await post(`${server.url}/api/runs`, { question: "quick one", session: "s1" });
    expect(busy.status).toBe(409);
    expect(await busy.json()).toEqual({
      error: {
        code: "session_busy",
        message: `Session 's1' has a run going (${runId}): wait for its end, or cancel it with POST /api/runs/${runId}/cancel`,
      },
    });
    // Another session is not held up.
    const other = await post(`${server.url}/api/runs`, { question: "quick one", session: "s2" });
    expect((await ndjsonLines(other)).at(-1)).toMatchObject({ result: { answer: "quick" } });

    const cancelled = await post(`${server.url}/api/runs/${runId}/cancel`, {});
    expect(await cancelled.json()).toEqual({ cancelled: true });
    expect((await reading).at(-1)).toMatchObject({ result: { status: "aborted" } });
    const next = await post(`${server.url}/api/runs`, { question: "quick one", session: "s1" });
    expect((await ndjsonLines(next)).at(-1)).toMatchObject({ result: { answer: "quick" } });
  });

  it("refuses bad requests with one JSON line and a stable code, never a stack", async () => {
    fake = await startFakeOpenAi(() => ({ text: " Final Answer: ok" }));
    const here = project(fake.baseURL);
    server = await startServe([...FLAGS, "--max-body", "2000"], {
      env: here.env,
      cwd: here.directory,
    });
    const huge = await post(`${server.url}/api/runs`, { question: "x".repeat(5000) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      error: {
        code: "too_large",
        message:
          "The request body is over 2000 bytes: send less, or start serve with a larger --max-body",
      },
    });
    const cases: [string, unknown, number, string][] = [
      ["/api/runs", "{not json", 400, "bad_request"],
      ["/api/runs", [], 400, "bad_request"],
      ["/api/runs", { question: 42 }, 400, "bad_request"],
      ["/api/runs", { question: "hi", session: "../../etc" }, 400, "bad_request"],
      ["/api/runs", '{"question":"hi","constructor":"x","__proto__":{"question":1}}', 200, ""],
      ["/api/runs/not-a-run/approve", {}, 404, "run_not_found"],
      ["/api/nowhere", {}, 404, "not_found"],
    ];
    for (const [path, body, status, code] of cases) {
      const response = await post(`${server.url}${path}`, body);
      expect(response.status, path).toBe(status);
      const text = await response.text();
      expect(text).not.toMatch(/\n\s+at /);
      if (code) expect(JSON.parse(text)).toMatchObject({ error: { code } });
    }
    const health = await (await fetch(`${server.url}/api/health`)).json();
    expect(health).toMatchObject({ ok: true, model: "openai:fake", tools: ["count", "publish"] });

    // The port is taken: one line, a usage error.
    const port = new URL(server.url).port;
    const taken = await runCli(["serve", ...FLAGS, "--port", port], {
      env: here.env,
      cwd: here.directory,
    });
    expect(taken.status).toBe(2);
    expect(taken.stderr).toBe(
      `langchain-mini: Port ${port} on 127.0.0.1 is in use: choose another with --port (0 takes a free one)\n`,
    );
  });

  it("needs a token to listen beyond loopback, and then on every API request", async () => {
    const here = project("http://127.0.0.1:9");
    const refused = await runCli(["serve", "--host", "0.0.0.0", "--port", "0", ...FLAGS], {
      env: here.env,
      cwd: here.directory,
    });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toBe(
      "langchain-mini: serve refuses to listen on 0.0.0.0 without a token: set LANGCHAIN_MINI_SERVE_TOKEN (clients send it as Authorization: Bearer <token>), or listen on 127.0.0.1\n",
    );

    const token = "serve-token-0123456789abcdef";
    server = await startServe(["--host", "0.0.0.0", ...FLAGS], {
      env: { ...here.env, LANGCHAIN_MINI_SERVE_TOKEN: token },
      cwd: here.directory,
    });
    const local = server.url.replace("0.0.0.0", "127.0.0.1");
    for (const headers of [
      {},
      { authorization: "Bearer wrong-token-value" },
      { authorization: token },
    ]) {
      const response = await fetch(`${local}/api/health`, { headers });
      expect(response.status).toBe(401);
      const text = await response.text();
      expect(JSON.parse(text)).toMatchObject({ error: { code: "unauthorized" } });
      expect(text).not.toContain(token);
    }
    const allowed = await fetch(`${local}/api/health`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(allowed.status).toBe(200);
    expect(server.stderr()).not.toContain(token);
  });
});
