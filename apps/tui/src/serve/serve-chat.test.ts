import { join } from "node:path";
import { type FakeScript, startFakeOpenAi } from "@langchain-mini/llm-openai/testing";
import { afterEach, describe, expect, it } from "vitest";
import { TestChat } from "../test-support/ai-chat.js";
import { tempDir } from "../test-support/cli.js";
import {
  CASE_TIMEOUT_MS,
  COUNTING_TOOL,
  completedTwice,
  ledger,
  toolResults,
  waitFor,
} from "../test-support/counting-run.js";
import { type ServeProcess, startServe } from "../test-support/serve-process.js";

// The AI SDK's own chat (what useChat runs, with its DefaultChatTransport) against the
// real serve: a page written for the AI SDK works unchanged, approvals included.

let fake: Awaited<ReturnType<typeof startFakeOpenAi>> | undefined;
let server: ServeProcess | undefined;
afterEach(async () => {
  await server?.stop("SIGKILL");
  server = undefined;
  await fake?.close();
  fake = undefined;
});

const publishing: FakeScript = (request) => {
  const results = toolResults(request.body, "react");
  const tool = ["count", "publish"][results.length];
  if (tool === undefined) {
    return { text: ` I now know the final answer\nFinal Answer: Done: ${results.join("; ")}` };
  }
  return { text: ` I will ${tool} it.\nAction: ${tool}\nAction Input: report` };
};

async function serving(script: FakeScript) {
  fake = await startFakeOpenAi(script);
  const directory = tempDir();
  const env = {
    OPENAI_BASE_URL: fake.baseURL,
    LANGCHAIN_MINI_HOME: join(directory, "home"),
    COUNT_FILE: join(directory, "ledger"),
  };
  server = await startServe(["--llm", "openai:fake", "--tools", COUNTING_TOOL], {
    env,
    cwd: directory,
  });
  return { api: `${server.url}/api/chat`, ledger: () => ledger(env.COUNT_FILE) };
}

describe("serve: the AI SDK's chat against the UI message stream", {
  timeout: CASE_TIMEOUT_MS,
}, () => {
  it("shows the reasoning and tool calls, asks for an approval, and answers in the same message once approved", async () => {
    const { api, ledger: calls } = await serving(publishing);
    const chat = new TestChat(api);
    await chat.sendMessage({ text: "Publish the report" });
    expect(chat.error).toBeUndefined();
    const asked = chat.lastMessage;
    const runId = asked?.id ?? "";
    expect(asked?.metadata).toMatchObject({ runId, status: "paused" });
    expect(asked?.parts).toMatchObject([
      { type: "step-start" },
      { type: "reasoning", text: "I will count it." },
      { type: "dynamic-tool", toolName: "count", input: "report", output: "counted report" },
      { type: "step-start" },
      { type: "reasoning", text: "I will publish it." },
      {
        type: "dynamic-tool",
        toolName: "publish",
        input: "report",
        state: "approval-requested",
        approval: { id: `${runId}:2` },
      },
    ]);
    expect(calls()).toEqual(["start count report", "end count report"]);

    const finished = chat.finished();
    await chat.addToolApprovalResponse({ id: `${runId}:2`, approved: true });
    await finished;
    expect(chat.error).toBeUndefined();
    expect(chat.messages).toHaveLength(2);
    expect(chat.lastMessage).toMatchObject({
      id: runId,
      metadata: { runId, status: "answered" },
    });
    expect(chat.lastMessage?.parts.slice(5)).toMatchObject([
      {
        type: "dynamic-tool",
        toolName: "publish",
        state: "output-available",
        approval: { id: `${runId}:2`, approved: true },
        output: "published report",
      },
      { type: "step-start" },
      { type: "reasoning", text: "I now know the final answer" },
      { type: "text", text: "Done: counted report; published report", state: "done" },
    ]);
    expect(calls()).toEqual([
      "start count report",
      "end count report",
      "start publish report",
      "end publish report",
    ]);
    expect(completedTwice(fake?.requests ?? [])).toEqual([]);

    // The next question goes to the same session, as a follow-up.
    await chat.sendMessage({ text: "Thanks" });
    expect(chat.messages).toHaveLength(4);
  });

  it("lets a page that reloads reconnect to the run going, and says 204 when none is", async () => {
    const { api } = await serving((request) =>
      JSON.stringify(request.body).includes("slowly")
        ? { text: " Final Answer: late", chunkSize: 1, chunkDelayMs: 600_000 }
        : { text: " Final Answer: quick" },
    );
    const first = new TestChat(api);
    expect((await fetch(`${api}/${first.id}/stream`)).status).toBe(204);
    const sending = first.sendMessage({ text: "Answer slowly" });
    await waitFor(() => first.lastMessage?.role === "assistant", "the run's message");
    const runId = first.lastMessage?.id ?? "";

    // The page reloads: a chat with the same id reconnects and gets the same message.
    const reloaded = new TestChat(api, { id: first.id });
    const resumed = reloaded.resumeStream();
    await waitFor(() => reloaded.lastMessage?.id === runId, "the reconnected message");
    // Another client says which event it had last: the stream goes on after it.
    const after = new AbortController();
    const tail = await fetch(`${api}/${first.id}/stream`, {
      headers: { "last-event-id": "0" },
      signal: after.signal,
    });
    const firstEvent = await firstSseEvent(tail);
    after.abort();
    expect(firstEvent).toMatch(/^id: [1-9]\d*$/m);
    expect(firstEvent).not.toContain('"type":"start"');

    const cancelled = await fetch(`${server?.url}/api/runs/${runId}/cancel`, { method: "POST" });
    expect(cancelled.status).toBe(200);
    await Promise.all([sending, resumed]);
    expect(reloaded.lastMessage?.id).toBe(runId);
    expect((await fetch(`${api}/${first.id}/stream`)).status).toBe(204);

    const busy = await fetch(api, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        id: first.id,
        trigger: "submit-message",
        messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: "quick?" }] }],
      }),
    });
    expect(busy.status).toBe(200);
    expect(busy.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1");
    expect(await busy.text()).toContain('"delta":"quick"');
  });
});

/** The first server-sent event that carries an id, read as it comes. */
async function firstSseEvent(response: Response): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    const event = text.split("\n\n").find((block) => block.includes("id: "));
    if (event) return event;
  }
  return text;
}
