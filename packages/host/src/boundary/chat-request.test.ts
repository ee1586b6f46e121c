import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { PROTOTYPE_NAMES } from "@langchain-mini/core/testing";
import { DefaultChatTransport, type UIMessage } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseChatRequest } from "./chat-request.js";

// The bodies the AI SDK's DefaultChatTransport really posts, captured on a local server,
// and bodies anyone could post instead.

let api = "";
const bodies: unknown[] = [];
const server = createServer((request, response) => {
  let text = "";
  request.on("data", (piece) => {
    text += String(piece);
  });
  request.on("end", () => {
    bodies.push(JSON.parse(text));
    response.writeHead(200, { "content-type": "text/event-stream" }).end("data: [DONE]\n\n");
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/chat`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** What the transport posts for these messages, as the server received it. */
async function posted(chatId: string, messages: UIMessage[], messageId?: string) {
  const stream = await new DefaultChatTransport({ api }).sendMessages({
    chatId,
    messages,
    trigger: "submit-message",
    messageId,
    abortSignal: undefined,
  });
  await stream.pipeTo(new WritableStream());
  return bodies.at(-1);
}

const RUN = "0b7e3c1a-3f0e-4a57-9a4c-2c1d4f6e8b90";
const ASKED = "How many five year periods are in 2023?";
const question: UIMessage = { id: "u1", role: "user", parts: [{ type: "text", text: ASKED }] };

/** The assistant message as the Chat holds it once a person answered the approval. */
function answered(approved: boolean, reason?: string, approvalId = `${RUN}:2`): UIMessage {
  return {
    id: RUN,
    role: "assistant",
    parts: [
      { type: "step-start" },
      {
        type: "dynamic-tool",
        toolName: "send",
        toolCallId: approvalId,
        state: "approval-responded",
        input: "hello",
        approval: { id: approvalId, approved, ...(reason === undefined ? {} : { reason }) },
      },
    ],
  };
}

const error = (body: unknown) => {
  const result = parseChatRequest(body);
  if (!("error" in result)) throw new Error(`expected an error, got ${JSON.stringify(result)}`);
  expect(result.error).not.toMatch(/\n/);
  return result.error;
};

describe("a chat request", () => {
  it("is a question when the transport posts a user message", async () => {
    const body = await posted("chat-1", [question]);
    expect(body).toEqual({ id: "chat-1", messages: [question], trigger: "submit-message" });
    expect(parseChatRequest(body)).toEqual({ chat: "chat-1", question: ASKED });
  });

  it("is a decision when the transport posts the assistant's message with an answered approval", async () => {
    const approve = await posted("chat-1", [question, answered(true)], RUN);
    expect(approve).toMatchObject({ id: "chat-1", messageId: RUN, trigger: "submit-message" });
    expect(parseChatRequest(approve)).toEqual({
      chat: "chat-1",
      decision: { runId: RUN, step: 2, approved: true, messageId: RUN },
    });
    const deny = await posted(
      "chat-1",
      [question, answered(false, "  Use the cached copy. ")],
      RUN,
    );
    expect(parseChatRequest(deny)).toEqual({
      chat: "chat-1",
      decision: {
        runId: RUN,
        step: 2,
        approved: false,
        note: "Use the cached copy.",
        messageId: RUN,
      },
    });
    const second = await posted("chat-1", [question, answered(true, "", `${RUN}:3:2`)], RUN);
    expect(parseChatRequest(second)).toMatchObject({ decision: { runId: RUN, step: 3 } });
  });

  it("joins the text parts of a question and leaves its files", () => {
    const body = {
      id: "c",
      messages: [
        {
          id: "u",
          role: "user",
          parts: [
            { type: "text", text: "First line" },
            { type: "file", mediaType: "image/png", url: "data:image/png;base64,AA==" },
            { type: "text", text: "second line " },
          ],
        },
      ],
    };
    expect(parseChatRequest(body)).toEqual({ chat: "c", question: "First line\nsecond line" });
  });

  it("refuses what is not a chat request, in one line that says what to send", () => {
    for (const body of [null, [], "text", 42, true]) {
      expect(error(body)).toBe(
        "The body must be a JSON object with the chat's 'id' and 'messages'",
      );
    }
    expect(error({ messages: [question] })).toBe("The body has no chat id: 'id' must be a string");
    expect(error({ id: 7, messages: [question] })).toBe(
      "The body has no chat id: 'id' must be a string",
    );
    for (const messages of [undefined, {}, [], "m"]) {
      expect(error({ id: "c", messages })).toBe(
        "The body has no messages: 'messages' must be a non-empty array",
      );
    }
    for (const last of ["hi", null, { role: "user" }, { role: "user", parts: "hi" }]) {
      expect(error({ id: "c", messages: [last] })).toBe(
        "The last message must be an object with a 'parts' array",
      );
    }
    expect(error({ id: "c", messages: [{ ...question, role: "system" }] })).toMatch(
      /^The last message must be the user's question \(role 'user'\)/,
    );
    expect(
      error({ id: "c", messages: [{ role: "user", parts: [{ type: "text", text: 3 }] }] }),
    ).toBe("A text part of the last message has no 'text' string");
    expect(
      error({ id: "c", messages: [{ role: "user", parts: [{ type: "text", text: " \n" }] }] }),
    ).toBe("The last message has no text: send the question as a text part");
  });

  it("refuses a chat id that is not a session name, shown escaped and cut short", () => {
    const refused = (id: string) => error({ id, messages: [question] });
    expect(refused("../../etc/passwd")).toBe(
      "The chat id '../../etc/passwd' is not a session name: use up to 64 letters, digits, '.', '_' and '-', starting with a letter or digit",
    );
    expect(refused("a\nb\u001b[2J")).toMatch(
      /^The chat id 'a\\nb\\u001b\[2J' is not a session name/,
    );
    expect(refused("x".repeat(65))).toMatch(/^The chat id 'x{65}' is not/);
    expect(refused("y".repeat(5_000))).toMatch(/^The chat id 'y{69}…' is not/);
    for (const id of ["", "-a", ".hidden", "a/b", "a..b"])
      expect(refused(id)).toMatch(/is not a session name/);
    // Names an object has on its prototype are names like any other, or refused like any other.
    for (const name of PROTOTYPE_NAMES) {
      const result = parseChatRequest({ id: name, messages: [question] });
      if (name.startsWith("_"))
        expect(result).toEqual({ error: expect.stringMatching(/is not a session name/) });
      else expect(result).toEqual({ chat: name, question: ASKED });
    }
  });

  it("reads only the body's own fields: a __proto__ key or an inherited field is no field", () => {
    const polluted = JSON.parse(
      `{"__proto__": {"id": "evil", "messages": [${JSON.stringify(question)}]}}`,
    ) as unknown;
    expect(error(polluted)).toBe("The body has no chat id: 'id' must be a string");
    expect(error(Object.create({ id: "c", messages: [question] }))).toBe(
      "The body has no chat id: 'id' must be a string",
    );
    const tricky = { id: "c", messages: [question] };
    Object.defineProperty(tricky, "messages", {
      get() {
        throw new Error("a getter ran");
      },
    });
    expect(error(tricky)).toBe("The body has no messages: 'messages' must be a non-empty array");
    expect(({} as Record<string, unknown>).id).toBeUndefined();
  });

  it("refuses a decision it cannot act on", () => {
    const decided = (message: unknown) => error({ id: "c", messages: [question, message] });
    const withApproval = (approval: unknown) => ({
      ...answered(true),
      parts: [{ type: "dynamic-tool", state: "approval-responded", approval }],
    });
    expect(decided({ ...answered(true), parts: [{ type: "text", text: "hi" }] })).toBe(
      "The last message is the assistant's and answers no approval: send a user message, or answer the approval the run waits on",
    );
    const twice = answered(true);
    expect(decided({ ...twice, parts: [...twice.parts, ...twice.parts] })).toBe(
      "The last message answers 2 approvals, but a run waits on one call at a time: answer only that one",
    );
    for (const id of [
      "nope",
      `${RUN}:0`,
      `${RUN}:01`,
      `${RUN}:2:1`,
      `a/b:1`,
      `${"r".repeat(65)}:1`,
      7,
    ]) {
      expect(decided(withApproval({ id, approved: true }))).toMatch(
        /^The approval id '.*' is not one this server gave: it is '<run id>:<step>'$/,
      );
    }
    expect(decided(withApproval({ id: `${RUN}:1`, approved: "yes" }))).toBe(
      "The answered approval must say 'approved': true or false",
    );
    expect(decided(withApproval({ id: `${RUN}:1`, approved: false, reason: 5 }))).toBe(
      "The approval's 'reason' must be a string",
    );
    expect(decided(withApproval(null))).toMatch(/^The approval id 'undefined' is not one/);
  });

  it("reads a long conversation by its last message alone", () => {
    const history = Array.from({ length: 100_000 }, (_, index) => ({
      id: `m${index}`,
      role: index % 2 ? "assistant" : "user",
      parts: [{ type: "text", text: "x".repeat(10) }],
    }));
    const body = { id: "c", messages: [...history, question] };
    expect(parseChatRequest(body)).toEqual({ chat: "c", question: ASKED });
  });
});
