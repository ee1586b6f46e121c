import { generate } from "@langchain-mini/core";
import OpenAI from "openai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toLlmError } from "./failures.js";
import { OpenAiLlm } from "./openai-llm.js";
import { type OpenAiOptions, resolveSettings } from "./settings.js";
import { failureOf, KEY, llmFor } from "./test-support/fake-llm.js";
import type { FakeReply } from "./testing/fake-openai-server.js";

afterEach(() => {
  vi.restoreAllMocks();
});

// Each row: what the server does, the error code, and the exact line the user reads. The
// provider is pointed at the server by OPENAI_BASE_URL and OPENAI_API_KEY.
const failures: Array<[string, FakeReply[], string, string]> = [
  [
    "a key without access (403)",
    [{ status: 403, error: { message: "Project does not have access to model" } }],
    "llm_auth",
    "The API key may not use model 'test-model' at HOST (403): check the key's project and permissions",
  ],
  [
    "an unknown model (404)",
    [
      {
        status: 404,
        error: { message: "The model `test-model` does not exist", code: "model_not_found" },
      },
    ],
    "llm_not_found",
    "Model 'test-model' was not found at HOST (404): check OPENAI_MODEL or --llm openai:<model>",
  ],
  [
    "a wrong path (404)",
    [{ status: 404, error: { message: "404 page not found" } }],
    "llm_not_found",
    "HOST has no chat completions endpoint (404 for HOST/chat/completions): check the path in OPENAI_BASE_URL",
  ],
  [
    "an exhausted quota (429)",
    [
      {
        status: 429,
        error: { message: "You exceeded your current quota", code: "insufficient_quota" },
      },
    ],
    "llm_rate_limited",
    "HOST says the account's quota is used up (429): check your plan and billing",
  ],
  [
    "a 503 whose words hold control sequences, line breaks and the key",
    [
      {
        status: 503,
        error: {
          message: `Upstream \u001b[31mexploded\u001b[0m\r\nwhile using ${KEY}\u0007 ${"and more ".repeat(60)}`,
        },
      },
    ],
    "llm_server",
    `HOST failed with 503 after 2 retries (${`Upstream exploded while using *** ${"and more ".repeat(60)}`.slice(0, 299)}…): try again later`,
  ],
  [
    "a proxy's HTML page for a 502",
    [
      {
        status: 502,
        contentType: "text/html",
        raw: "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n",
      },
    ],
    "llm_server",
    "HOST failed with 502 after 2 retries (502 Bad Gateway 502 Bad Gateway nginx): try again later",
  ],
  [
    "another refusal (400), with the key taken out of the server's words",
    [{ status: 400, error: { message: `Context too long for key ${KEY}` } }],
    "llm_bad_request",
    "HOST refused the request (400): Context too long for key ***",
  ],
  [
    "a model without function calling (400)",
    [
      {
        status: 400,
        error: { message: "registry.ollama.ai/library/gemma:2b does not support tools" },
      },
    ],
    "llm_bad_request",
    "HOST refused the request (400): registry.ollama.ai/library/gemma:2b does not support tools: use the text ReAct agent (--agent react) with this model",
  ],
  [
    "a web page instead of an API",
    [{ raw: "<html><body>Welcome</body></html>", contentType: "text/html" }],
    "llm_bad_response",
    "HOST sent a reply that is not an OpenAI chat completion: check that OPENAI_BASE_URL points at an OpenAI-compatible API",
  ],
  [
    "negative token counts",
    [{ text: "Final Answer: 4", usage: { prompt_tokens: -5, completion_tokens: 3 } }],
    "llm_bad_response",
    "HOST sent a malformed chat completion (usage.prompt_tokens is not a token count): check that OPENAI_BASE_URL points at an OpenAI-compatible API",
  ],
  [
    "token counts as strings",
    [{ text: "Final Answer: 4", usage: { prompt_tokens: 5, completion_tokens: "3" } }],
    "llm_bad_response",
    "HOST sent a malformed chat completion (usage.completion_tokens is not a token count): check that OPENAI_BASE_URL points at an OpenAI-compatible API",
  ],
  [
    "a cache count that is an object",
    [
      {
        text: "Final Answer: 4",
        usage: {
          prompt_tokens: 5,
          completion_tokens: 3,
          prompt_tokens_details: { cached_tokens: { n: 1 } },
        },
      },
    ],
    "llm_bad_response",
    "HOST sent a malformed chat completion (usage.prompt_tokens_details.cached_tokens is not a token count): check that OPENAI_BASE_URL points at an OpenAI-compatible API",
  ],
  [
    "content that is a number",
    [{ text: "", content: 42 }],
    "llm_bad_response",
    "HOST sent a malformed chat completion (delta.content is not text): check that OPENAI_BASE_URL points at an OpenAI-compatible API",
  ],
  [
    "an error event mid-stream",
    [{ text: "Final Answer: this reply will fail", chunkSize: 4, errorEventAfter: 3 }],
    "llm_stream_broken",
    "The reply from HOST ended before it was complete: The server had an error while processing your request.: try again (the partial reply was discarded)",
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

  it("does not retry what the server says will not pass, nor retry at all with maxRetries 0", async () => {
    const refuse = {
      status: 500,
      error: { message: "boom" },
      headers: { "x-should-retry": "false" },
    };
    const { llm, fake, host } = await llmFor([refuse]);
    const failure = await failureOf(generate(llm, { prompt: "p" }));
    expect(failure.message).toBe(`${host} failed with 500 (boom): try again later`);
    expect(fake.requests).toHaveLength(1);
    const once = await llmFor([{ status: 429, error: { message: "x" } }], { maxRetries: 0 });
    await failureOf(generate(once.llm, { prompt: "p" }));
    expect(once.fake.requests).toHaveLength(1);
  });

  it("explains https:// to a server that speaks plain http", async () => {
    const { fake } = await llmFor([{ text: "x" }]);
    const baseURL = fake.baseURL.replace("http:", "https:");
    const llm = new OpenAiLlm({ model: "m", env: { OPENAI_BASE_URL: baseURL } });
    const failure = await failureOf(generate(llm, { prompt: "p" }));
    expect({ code: failure.code, message: failure.message }).toEqual({
      code: "llm_connection",
      message: `Secure connection to ${baseURL} failed (ERR_SSL_WRONG_VERSION_NUMBER): use http:// in OPENAI_BASE_URL for a server without TLS, or trust its certificate with NODE_EXTRA_CA_CERTS`,
    });
  });

  it("names the base URL setting the user set, and no setting when they set none", () => {
    // Built the way fetch and the SDK wrap a DNS failure: resolving a name is not offline.
    const dns = Object.assign(new Error("getaddrinfo ENOTFOUND api.example.invalid"), {
      code: "ENOTFOUND",
    });
    const error = new OpenAI.APIConnectionError({
      cause: new TypeError("fetch failed", { cause: dns }),
    });
    const explain = (options: OpenAiOptions) => toLlmError(error, resolveSettings(options)).message;
    expect(explain({ env: { OPENAI_BASE_URL: "https://api.example.invalid/v1" } })).toBe(
      "Cannot find the host of https://api.example.invalid/v1 (ENOTFOUND): check the name in OPENAI_BASE_URL and your network",
    );
    expect(explain({ baseURL: "https://api.example.invalid/v1", env: {} })).toBe(
      "Cannot find the host of https://api.example.invalid/v1 (ENOTFOUND): check the name in the baseURL option and your network",
    );
    // Only a key: OpenAI's own API, which nothing the user set can have got wrong.
    expect(explain({ env: { OPENAI_API_KEY: KEY } })).toBe(
      "Cannot find the host api.openai.com (ENOTFOUND): check your network connection and DNS",
    );
    const refused = new OpenAI.APIConnectionError({
      cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    });
    const settings = resolveSettings({ env: { OPENAI_API_KEY: KEY } });
    expect(toLlmError(refused, settings).message).toBe(
      "Cannot connect to api.openai.com (ECONNREFUSED): check your network connection",
    );
    const page = new SyntaxError("Unexpected token '<'");
    expect(toLlmError(page, settings).message).toBe(
      "api.openai.com sent a reply that is not an OpenAI chat completion: try again later",
    );
  });

  it("says which key was refused: the variable, the option, or none at all", async () => {
    const refuse: FakeReply[] = [{ status: 401, error: { message: "Missing bearer token" } }];
    const fromCode = await llmFor(refuse, { apiKey: KEY });
    expect((await failureOf(generate(fromCode.llm, { prompt: "p" }))).message).toBe(
      `The API key was rejected by ${fromCode.host} (401): check the key, and that OPENAI_BASE_URL is the server it is for`,
    );
    const keyless = await llmFor(refuse);
    const llm = new OpenAiLlm({ model: "m", env: { OPENAI_BASE_URL: keyless.fake.baseURL } });
    const failure = await failureOf(generate(llm, { prompt: "p" }));
    expect({ code: failure.code, message: failure.message }).toEqual({
      code: "llm_auth",
      message: `${keyless.host} wants an API key (401): set OPENAI_API_KEY`,
    });
    expect(keyless.fake.requests[0]?.authorization).toBe("Bearer not-needed");
  });

  it("keeps the SDK's own logging off the user's terminal", async () => {
    const writes = (["error", "warn", "info", "log", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(() => undefined),
    );
    const { llm } = await llmFor([{ malformed: true }]);
    await failureOf(generate(llm, { prompt: "p" }));
    for (const write of writes) expect(write).not.toHaveBeenCalled();
  });
});

// The bodies OpenAI-compatible servers send for a prompt longer than the model's window,
// as each sends them: the code is the same, the server's own words are quoted.
const tooLong: Array<[string, FakeReply, string]> = [
  [
    "OpenAI's 400 context_length_exceeded",
    {
      status: 400,
      error: {
        message:
          "This model's maximum context length is 128000 tokens. However, your messages resulted in 130412 tokens. Please reduce the length of the messages.",
        type: "invalid_request_error",
        param: "messages",
        code: "context_length_exceeded",
      },
    },
    "This model's maximum context length is 128000 tokens. However, your messages resulted in 130412 tokens. Please reduce the length of the messages.",
  ],
  [
    "vLLM's 400, with no code",
    {
      status: 400,
      error: {
        message:
          "This model's maximum context length is 16384 tokens. However, you requested 20480 tokens (16384 in the messages, 4096 in the completion). Please reduce the length of the messages or completion.",
        type: "BadRequestError",
      },
    },
    "This model's maximum context length is 16384 tokens. However, you requested 20480 tokens (16384 in the messages, 4096 in the completion). Please reduce the length of the messages or completion.",
  ],
  [
    "llama.cpp's exceed_context_size_error",
    {
      status: 400,
      contentType: "application/json",
      raw: '{"error":{"code":400,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error","n_prompt_tokens":14429,"n_ctx":8192}}',
    },
    "the request exceeds the available context size, try increasing it",
  ],
  [
    "Ollama's 400, a bare string",
    {
      status: 400,
      contentType: "application/json",
      raw: '{"error":"the input length exceeds the context length"}',
    },
    '"the input length exceeds the context length"',
  ],
];

describe("a prompt longer than the model's context window", () => {
  it.each(tooLong)(
    "is llm_context_exceeded for %s, said in one line",
    async (_name, reply, said) => {
      const { llm, host, fake } = await llmFor([reply]);
      const failure = await failureOf(generate(llm, { prompt: "p" }));
      expect({ code: failure.code, message: failure.message }).toEqual({
        code: "llm_context_exceeded",
        message: `${host} says the prompt is longer than test-model's context window (${said}): lower --context-window (or its contextWindow in prices.json) so that runs compact sooner, or ask with a shorter history`,
      });
      expect(fake.requests).toHaveLength(1);
    },
  );

  it("is not retried when an older llama.cpp server sends it as a 500", async () => {
    const { llm, fake } = await llmFor([
      {
        status: 500,
        contentType: "application/json",
        raw: '{"error":{"code":500,"message":"the request exceeds the available context size. try increasing the context size or enable context shift","type":"exceed_context_size_error","n_prompt_tokens":1407,"n_ctx":256}}',
      },
    ]);
    const failure = await failureOf(generate(llm, { prompt: "p" }));
    expect(failure.code).toBe("llm_context_exceeded");
    expect(fake.requests).toHaveLength(1);
  });
});
