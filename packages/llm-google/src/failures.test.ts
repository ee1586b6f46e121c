import { generate } from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import { toLlmError } from "./failures.js";
import { GeminiLlm } from "./gemini-llm.js";
import { resolveSettings } from "./settings.js";
import { failureOf, KEY, llmFor } from "./test-support/fake-llm.js";
import type { FakeReply } from "./testing/fake-gemini-server.js";

const rateLimited = (quotaId: string, retryDelay: string): FakeReply => ({
  status: 429,
  error: {
    message:
      "You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.",
    status: "RESOURCE_EXHAUSTED",
    details: [
      {
        "@type": "type.googleapis.com/google.rpc.QuotaFailure",
        violations: [{ quotaMetric: "generate_content_free_tier_requests", quotaId }],
      },
      { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay },
    ],
  },
});

// Each row: what the server does, the error code, and the exact line the user reads.
const failures: Array<[string, FakeReply[], string, string]> = [
  [
    "a key without access (403)",
    [
      {
        status: 403,
        error: {
          message:
            "Generative Language API has not been used in project 123 before or it is disabled.",
          status: "PERMISSION_DENIED",
        },
      },
    ],
    "llm_auth",
    "The API key may not use model 'gemini-3.8-flash' at HOST (403): Generative Language API has not been used in project 123 before or it is disabled.: check the key's project and that the Gemini API is enabled for it",
  ],
  [
    "an unknown model (404)",
    [
      {
        status: 404,
        error: {
          message:
            "models/gemini-3.8-flash is not found for API version v1, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.",
          status: "NOT_FOUND",
        },
      },
    ],
    "llm_not_found",
    "Model 'gemini-3.8-flash' was not found at HOST (404): check GEMINI_MODEL or --llm google:<model>",
  ],
  [
    "an invalid request (400), saying what was invalid and without the key",
    [
      {
        status: 400,
        error: {
          message: `* GenerateContentRequest.generation_config.max_output_tokens: must be positive (key ${KEY})\n`,
          status: "INVALID_ARGUMENT",
        },
      },
    ],
    "llm_bad_request",
    "HOST refused the request (400 INVALID_ARGUMENT): * GenerateContentRequest.generation_config.max_output_tokens: must be positive (key ***)",
  ],
  [
    "a model without function calling (400)",
    [
      {
        status: 400,
        error: {
          message: "Function calling is not enabled for this model",
          status: "INVALID_ARGUMENT",
        },
      },
    ],
    "llm_bad_request",
    "HOST refused the request (400 INVALID_ARGUMENT): Function calling is not enabled for this model: use the text ReAct agent (--agent react) with this model",
  ],
  [
    "429 every time, with a per-minute quota named",
    [rateLimited("GenerateRequestsPerMinutePerProjectPerModel-FreeTier", "0.01s")],
    "llm_rate_limited",
    "Rate limited by HOST (429) after 2 retries: wait a moment and try again, or check your plan's limits",
  ],
  [
    "a daily quota used up (429)",
    [rateLimited("GenerateRequestsPerDayPerProjectPerModel-FreeTier", "3600s")],
    "llm_rate_limited",
    "HOST says the daily quota for model 'gemini-3.8-flash' is used up (429): try again tomorrow, or check your plan and billing",
  ],
  [
    "an overloaded model (503)",
    [
      {
        status: 503,
        error: {
          message: "The model is overloaded. Please try again later.",
          status: "UNAVAILABLE",
        },
      },
    ],
    "llm_server",
    "HOST failed with 503 after 2 retries (The model is overloaded. Please try again later.): try again later",
  ],
  [
    "a web page instead of an API",
    [{ raw: "<html><body>Welcome</body></html>", contentType: "text/html" }],
    "llm_bad_response",
    "HOST sent a reply that is not a Gemini API stream: check that GOOGLE_GEMINI_BASE_URL points at the Gemini API or a compatible server",
  ],
  [
    "some other JSON events",
    [{ raw: 'data: {"hello":"world"}\r\n\r\n', contentType: "text/event-stream" }],
    "llm_bad_response",
    "HOST sent a reply that is not a Gemini API stream: check that GOOGLE_GEMINI_BASE_URL points at the Gemini API or a compatible server",
  ],
  [
    "a 502 whose words hold control sequences, line breaks and the key",
    [
      {
        status: 502,
        error: {
          message: `Upstream \u001b[2J\u001b[Hfailed\r\nfor ${KEY} \u202eevil\u202c`,
          status: "UNAVAILABLE",
        },
      },
    ],
    "llm_server",
    "HOST failed with 502 after 2 retries (Upstream failed for *** evil): try again later",
  ],
  [
    "negative token counts",
    [{ text: "Final Answer: 4", usage: { promptTokenCount: -3, candidatesTokenCount: 2 } }],
    "llm_bad_response",
    "HOST sent a malformed Gemini API stream (usageMetadata.promptTokenCount is not a token count): BAD_RESPONSE",
  ],
  [
    "token counts as strings",
    [{ text: "Final Answer: 4", usage: { promptTokenCount: 3, thoughtsTokenCount: "2" } }],
    "llm_bad_response",
    "HOST sent a malformed Gemini API stream (usageMetadata.thoughtsTokenCount is not a token count): BAD_RESPONSE",
  ],
  [
    "text that is a number",
    [{ text: "Final Answer: 4", content: 42 }],
    "llm_bad_response",
    "HOST sent a malformed Gemini API stream (part.text is not text): BAD_RESPONSE",
  ],
  [
    "an error event mid-stream",
    [{ text: "Final Answer: this reply will fail", chunkSize: 4, errorEventAfter: 3 }],
    "llm_stream_broken",
    "The reply from HOST ended before it was complete: An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting: try again (the partial reply was discarded)",
  ],
];

describe("failures, as the user reads them", () => {
  it.each(failures)("explains %s", async (_name, replies, code, message) => {
    const { llm, host } = await llmFor(replies);
    const failure = await failureOf(generate(llm, { prompt: "p" }));
    expect({ code: failure.code, message: failure.message }).toEqual({
      code,
      message: message
        .replaceAll("HOST", host)
        .replace(
          "BAD_RESPONSE",
          "check that GOOGLE_GEMINI_BASE_URL points at the Gemini API or a compatible server",
        ),
    });
    expect(failure.message).not.toContain(KEY);
  });

  it("explains a key Gemini rejects, naming the variable it came from and never the key", async () => {
    const { fake } = await llmFor([{ text: "x" }]);
    const env = {
      GEMINI_API_KEY: "AIzaSy-wrong-key-0987654321",
      GOOGLE_GEMINI_BASE_URL: fake.baseURL,
    };
    const failure = await failureOf(generate(new GeminiLlm({ env }), { prompt: "p" }));
    expect({ code: failure.code, message: failure.message }).toEqual({
      code: "llm_auth",
      message: `GEMINI_API_KEY was rejected by ${fake.baseURL} (400 API_KEY_INVALID): check the key, and that GOOGLE_GEMINI_BASE_URL is the server it is for`,
    });
    expect(failure.message).not.toContain("wrong-key");
    const google = { ...env, GOOGLE_API_KEY: "AIzaSy-other-wrong-key" };
    const other = await failureOf(generate(new GeminiLlm({ env: google }), { prompt: "p" }));
    expect(other.message).toMatch(/^GOOGLE_API_KEY was rejected/);
    const keyless = await failureOf(
      generate(new GeminiLlm({ env: { GOOGLE_GEMINI_BASE_URL: fake.baseURL } }), { prompt: "p" }),
    );
    expect(keyless.message).toBe(
      `${fake.baseURL} wants an API key (400 API_KEY_INVALID): set GEMINI_API_KEY`,
    );
    expect(fake.requests.map((request) => request.apiKey)).toEqual([
      "AIzaSy-wrong-key-0987654321",
      "AIzaSy-other-wrong-key",
      "not-needed",
    ]);
  });

  it("explains a base URL that is not the Gemini API (404 page)", async () => {
    const { fake } = await llmFor([{ text: "x" }]);
    const baseURL = `${fake.baseURL}/wrong`;
    const llm = new GeminiLlm({ env: { GEMINI_API_KEY: KEY, GEMINI_BASE_URL: baseURL } });
    const failure = await failureOf(generate(llm, { prompt: "p" }));
    expect({ code: failure.code, message: failure.message }).toEqual({
      code: "llm_not_found",
      message: `${baseURL} has no Gemini API (404 for ${baseURL}/v1/models/gemini-3.8-flash): check the path in GEMINI_BASE_URL`,
    });
  });

  it("retries after the wait a proxy's retry-after header asks for", async () => {
    const { llm, fake } = await llmFor([
      {
        status: 503,
        error: { message: "busy", status: "UNAVAILABLE" },
        headers: { "retry-after": "0.2" },
      },
      { text: "Final Answer: ok" },
    ]);
    expect((await generate(llm, { prompt: "p" })).text).toBe("Final Answer: ok");
    const [first, second] = fake.requests;
    expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(190);
  });

  it("never retries a refusal, nor at all with maxRetries 0", async () => {
    const refused = await llmFor([
      { status: 400, error: { message: "no", status: "INVALID_ARGUMENT" } },
    ]);
    await failureOf(generate(refused.llm, { prompt: "p" }));
    expect(refused.fake.requests).toHaveLength(1);
    const once = await llmFor(
      [{ status: 429, error: { message: "x", status: "RESOURCE_EXHAUSTED" } }],
      {
        maxRetries: 0,
      },
    );
    const failure = await failureOf(generate(once.llm, { prompt: "p" }));
    expect(failure.message).toBe(
      `Rate limited by ${once.host} (429): wait a moment and try again, or check your plan's limits`,
    );
    expect(once.fake.requests).toHaveLength(1);
  });

  it("explains https:// to a server that speaks plain http", async () => {
    const { fake } = await llmFor([{ text: "x" }]);
    const baseURL = fake.baseURL.replace("http:", "https:");
    const llm = new GeminiLlm({ apiKey: KEY, baseURL, env: {} });
    const failure = await failureOf(generate(llm, { prompt: "p" }));
    expect({ code: failure.code, message: failure.message }).toEqual({
      code: "llm_connection",
      message: `Secure connection to ${baseURL} failed (ERR_SSL_WRONG_VERSION_NUMBER): use http:// in the baseURL option for a server without TLS, or trust its certificate with NODE_EXTRA_CA_CERTS`,
    });
  });

  it("speaks of the network, not of a setting, when the user set no base URL", () => {
    const settings = resolveSettings({ env: { GEMINI_API_KEY: KEY } });
    const dns = Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    const lookup = new TypeError("fetch failed", { cause: dns });
    expect(toLlmError(lookup, settings).message).toBe(
      "Cannot find the host generativelanguage.googleapis.com (ENOTFOUND): check your network connection and DNS",
    );
    expect(toLlmError(new Error("socket hang up"), settings).message).toBe(
      "The request to generativelanguage.googleapis.com failed (socket hang up): check your network",
    );
    expect(toLlmError(new SyntaxError("Unexpected token"), settings).message).toBe(
      "generativelanguage.googleapis.com sent a reply that is not a Gemini API stream: try again later",
    );
  });
});

describe("a prompt longer than the model's context window", () => {
  it("is llm_context_exceeded, said in one line, and not retried", async () => {
    const said =
      "The input token count (1050123) exceeds the maximum number of tokens allowed (1048576).";
    const { llm, host, fake } = await llmFor([
      { status: 400, error: { message: said, status: "INVALID_ARGUMENT" } },
    ]);
    const failure = await failureOf(generate(llm, { prompt: "p" }));
    expect({ code: failure.code, message: failure.message }).toEqual({
      code: "llm_context_exceeded",
      message: `${host} says the prompt is longer than gemini-3.8-flash's context window (${said}): lower --context-window (or its contextWindow in prices.json) so that runs compact sooner, or ask with a shorter history`,
    });
    expect(fake.requests).toHaveLength(1);
  });
});
