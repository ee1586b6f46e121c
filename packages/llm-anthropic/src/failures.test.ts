import Anthropic from "@anthropic-ai/sdk";
import { generate } from "@langchain-mini/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AnthropicLlm } from "./anthropic-llm.js";
import { toLlmError } from "./failures.js";
import { type AnthropicOptions, resolveSettings } from "./settings.js";
import { failureOf, KEY, llmFor } from "./test-support/fake-llm.js";
import type { FakeReply } from "./testing/fake-anthropic-server.js";

afterEach(() => {
  vi.restoreAllMocks();
});

const error = (status: number, type: string, message: string): FakeReply => ({
  status,
  error: { type, message },
});

// Each row: what the server does, the error code, and the exact line the user reads.
const failures: Array<[string, FakeReply[], string, string]> = [
  [
    "a key without access (403)",
    [
      error(
        403,
        "permission_error",
        "Your API key does not have permission to use the specified resource.",
      ),
    ],
    "llm_auth",
    "The API key may not use model 'test-model' at HOST (403: Your API key does not have permission to use the specified resource.): check the key's workspace and permissions",
  ],
  [
    "an unknown model (404)",
    [error(404, "not_found_error", "model: test-model")],
    "llm_not_found",
    "Model 'test-model' was not found at HOST (404): check ANTHROPIC_MODEL or --llm anthropic:<model>",
  ],
  [
    "an invalid request (400), with the key taken out of the server's words",
    [
      error(
        400,
        "invalid_request_error",
        `max_tokens: 100000 > 64000, which is the maximum allowed for ${KEY}`,
      ),
    ],
    "llm_bad_request",
    "HOST refused the request (400): max_tokens: 100000 > 64000, which is the maximum allowed for ***",
  ],
  [
    "a compatible server without tool use (400)",
    [error(400, "invalid_request_error", "this model does not support tools")],
    "llm_bad_request",
    "HOST refused the request (400): this model does not support tools: use the text ReAct agent (--agent react) with this model",
  ],
  [
    "529 overloaded every time",
    [error(529, "overloaded_error", "Overloaded")],
    "llm_server",
    "HOST is overloaded (529) after 2 retries (Overloaded): try again in a few minutes, or try another model",
  ],
  [
    "a 502 whose words hold control sequences, line breaks and the key",
    [error(502, "api_error", `Upstream \u001b]0;pwned\u0007failed\nfor ${KEY}\u009b2J`)],
    "llm_server",
    "HOST failed with 502 after 2 retries (Upstream failed for ***): try again later",
  ],
  [
    "negative token counts",
    [{ text: "Final Answer: 4", usage: { input_tokens: 10, output_tokens: -1 } }],
    "llm_bad_response",
    "HOST sent a malformed Messages API stream (usage.output_tokens is not a token count): check that ANTHROPIC_BASE_URL points at Anthropic's API or a compatible server",
  ],
  [
    "token counts as strings",
    [{ text: "Final Answer: 4", usage: { input_tokens: "10", output_tokens: 3 } }],
    "llm_bad_response",
    "HOST sent a malformed Messages API stream (usage.input_tokens is not a token count): check that ANTHROPIC_BASE_URL points at Anthropic's API or a compatible server",
  ],
  [
    "text that is a number",
    [{ text: "", content: 42 }],
    "llm_bad_response",
    "HOST sent a malformed Messages API stream (text_delta.text is not text): check that ANTHROPIC_BASE_URL points at Anthropic's API or a compatible server",
  ],
  [
    "a web page instead of an API",
    [{ raw: "<html><body>Welcome</body></html>", contentType: "text/html" }],
    "llm_bad_response",
    "HOST sent a reply that is not a Messages API stream: check that ANTHROPIC_BASE_URL points at Anthropic's API or a compatible server",
  ],
  [
    "an error event mid-stream",
    [{ text: "Final Answer: this reply will fail", chunkSize: 4, errorEventAfter: 3 }],
    "llm_stream_broken",
    "The reply from HOST ended before it was complete: Overloaded (overloaded_error): try again (the partial reply was discarded)",
  ],
];

describe("failures, as the user reads them", () => {
  it.each(failures)("explains %s", async (_name, replies, code, message) => {
    const { llm, host } = await llmFor(replies);
    const failure = await failureOf(generate(llm, { prompt: "p" }));
    expect({ code: failure.code, message: failure.message }).toEqual({
      code,
      message: message.replaceAll("HOST", host),
    });
    expect(failure.message).not.toContain(KEY);
  });

  it("explains a base URL whose path has no Messages API (404)", async () => {
    const { fake } = await llmFor([{ text: "x" }]);
    const baseURL = `${fake.baseURL}/wrong`;
    const llm = new AnthropicLlm({ env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: baseURL } });
    const failure = await failureOf(generate(llm, { prompt: "p" }));
    expect({ code: failure.code, message: failure.message }).toEqual({
      code: "llm_not_found",
      message: `${baseURL} has no Messages API (404 for ${baseURL}/v1/messages): check the path in ANTHROPIC_BASE_URL`,
    });
    expect(fake.requests[0]?.path).toBe("/wrong/v1/messages");
  });

  it("retries 529 and 5xx, then succeeds", async () => {
    const { llm, fake } = await llmFor([
      error(529, "overloaded_error", "Overloaded"),
      error(503, "api_error", "unavailable"),
      { text: "Final Answer: ok" },
    ]);
    expect((await generate(llm, { prompt: "p" })).text).toBe("Final Answer: ok");
    expect(fake.requests).toHaveLength(3);
  });

  it("retries an overloaded_error event that comes before any text, as Anthropic sends it after a 200", async () => {
    const { llm, fake } = await llmFor([
      { text: "Final Answer: lost", errorEventAfter: 0 },
      { text: "Final Answer: ok" },
    ]);
    expect((await generate(llm, { prompt: "p" })).text).toBe("Final Answer: ok");
    expect(fake.requests).toHaveLength(2);
  });

  it("does not retry what the server says will not pass, nor retry at all with maxRetries 0", async () => {
    const refuse = { ...error(500, "api_error", "boom"), headers: { "x-should-retry": "false" } };
    const { llm, fake, host } = await llmFor([refuse]);
    const failure = await failureOf(generate(llm, { prompt: "p" }));
    expect(failure.message).toBe(`${host} failed with 500 (boom): try again later`);
    expect(fake.requests).toHaveLength(1);
    const once = await llmFor([error(529, "overloaded_error", "Overloaded")], { maxRetries: 0 });
    await failureOf(generate(once.llm, { prompt: "p" }));
    expect(once.fake.requests).toHaveLength(1);
  });

  it("names the base URL setting the user set, and no setting when they set none", () => {
    // Built the way fetch and the SDK wrap a DNS failure: resolving a name is not offline.
    const dns = Object.assign(new Error("getaddrinfo ENOTFOUND api.example.invalid"), {
      code: "ENOTFOUND",
    });
    const failure = new Anthropic.APIConnectionError({
      cause: new TypeError("fetch failed", { cause: dns }),
    });
    const explain = (options: AnthropicOptions) =>
      toLlmError(failure, resolveSettings(options)).message;
    expect(explain({ env: { ANTHROPIC_BASE_URL: "https://api.example.invalid" } })).toBe(
      "Cannot find the host of https://api.example.invalid (ENOTFOUND): check the name in ANTHROPIC_BASE_URL and your network",
    );
    expect(explain({ baseURL: "https://api.example.invalid", env: {} })).toBe(
      "Cannot find the host of https://api.example.invalid (ENOTFOUND): check the name in the baseURL option and your network",
    );
    // Only a key: Anthropic's own API, which nothing the user set can have got wrong.
    const own = resolveSettings({ env: { ANTHROPIC_API_KEY: KEY } });
    expect(toLlmError(failure, own).message).toBe(
      "Cannot find the host api.anthropic.com (ENOTFOUND): check your network connection and DNS",
    );
    expect(toLlmError(new SyntaxError("Unexpected token '<'"), own).message).toBe(
      "api.anthropic.com sent a reply that is not a Messages API stream: try again later",
    );
  });

  it("says which key was refused: the variable, the option, or none at all", async () => {
    const refuse = [error(401, "authentication_error", "x-api-key header is required")];
    const fromCode = await llmFor(refuse, { apiKey: KEY });
    expect((await failureOf(generate(fromCode.llm, { prompt: "p" }))).message).toBe(
      `The API key was rejected by ${fromCode.host} (401): check the key, and that ANTHROPIC_BASE_URL is the server it is for`,
    );
    const keyless = await llmFor(refuse, { env: { ANTHROPIC_BASE_URL: fromCode.fake.baseURL } });
    const failure = await failureOf(generate(keyless.llm, { prompt: "p" }));
    expect({ code: failure.code, message: failure.message }).toEqual({
      code: "llm_auth",
      message: `${fromCode.host} wants an API key (401): set ANTHROPIC_API_KEY`,
    });
  });

  it("keeps the SDK's own logging off the user's terminal, and stdout clean", async () => {
    const writes = (["error", "warn", "info", "log", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(() => undefined),
    );
    const stdout = vi.spyOn(process.stdout, "write");
    const { llm } = await llmFor([{ malformed: true }]);
    await failureOf(generate(llm, { prompt: "p" }));
    for (const write of [...writes, stdout]) expect(write).not.toHaveBeenCalled();
  });
});

describe("a prompt longer than the model's context window", () => {
  it.each([
    "prompt is too long: 1000123 tokens > 1000000 maximum",
    "input length and `max_tokens` exceed context limit: 996000 + 8192 > 1000000, decrease input length or `max_tokens` and try again",
  ])("is llm_context_exceeded, said in one line: %s", async (said) => {
    const { llm, host, fake } = await llmFor([error(400, "invalid_request_error", said)]);
    const failure = await failureOf(generate(llm, { prompt: "p" }));
    expect({ code: failure.code, message: failure.message }).toEqual({
      code: "llm_context_exceeded",
      message: `${host} says the prompt is longer than test-model's context window (${said}): lower --context-window (or its contextWindow in prices.json) so that runs compact sooner, or ask with a shorter history`,
    });
    expect(fake.requests).toHaveLength(1);
  });
});
