import assert from "node:assert/strict";
import { Agent } from "../agent/react-agent.js";
import { generate } from "../stream/read-llm.js";
import { assertExplained, failureOf, PROMPT, until, withProvider } from "./provider-check-kit.js";
import type {
  ContractReply,
  HttpContract,
  ProviderCheck,
  ProviderContractOptions,
} from "./provider-contract-options.js";

// Replies continue PROMPT's open label the way a ReAct model does: after a space.
const OK = { text: " Final Answer: ok", chunkSize: 6 };
const BROKEN = { text: " Final Answer: this reply will be cut", chunkSize: 4, disconnectAfter: 3 };

/** How an HTTP provider fails: each failure one line with the right code, retried or not. */
export function failureChecks(
  options: ProviderContractOptions,
  http: HttpContract,
): ProviderCheck[] {
  const { name } = options;
  const lines = http.lines ?? {};
  const retries = http.retries ?? 0;
  const explains = (
    title: string,
    replies: readonly ContractReply[],
    code: string,
    line: ((url: string) => string) | undefined,
    requests: number,
    more?: (message: string) => void,
  ): ProviderCheck => ({
    name: title,
    run: () =>
      withProvider(options, replies, async (llm, server) => {
        const failure = await failureOf(generate(llm, { prompt: PROMPT }));
        assertExplained(failure, code, options, line?.(server.url));
        more?.(failure.message);
        assert.equal(server.requests.length, requests, `${name}: requests`);
      }),
  });
  const checks: ProviderCheck[] = [
    explains(
      `a rate limit (429) is retried ${retries} times, then a rate-limit error`,
      [{ status: 429, message: "Rate limit reached" }],
      "llm_rate_limited",
      lines.rateLimited,
      retries + 1,
    ),
    explains(
      `a failed server (500) is retried ${retries} times, then an error in the server's words`,
      [{ status: 500, message: "boom" }],
      "llm_server",
      lines.serverFailed && ((url) => lines.serverFailed?.(url, "boom") ?? ""),
      retries + 1,
      (message) => assert.ok(message.includes("boom"), `${name}: the server's words`),
    ),
    explains(
      "a stream that is not the API's is a bad response",
      [{ malformed: true }],
      "llm_bad_response",
      lines.badResponse,
      1,
    ),
    {
      name: "a stream broken off half-way is an error, never an answer",
      run: () =>
        withProvider(options, [BROKEN], async (llm, server) => {
          const failure = await failureOf(generate(llm, { prompt: PROMPT }));
          assertExplained(failure, "llm_stream_broken", options, lines.streamBroken?.(server.url));
          const result = await new Agent({ llm }).invoke("q");
          assert.deepEqual(
            [result.status, result.answer, result.error?.code],
            ["failed", undefined, "llm_stream_broken"],
          );
        }),
    },
    {
      name: "a refused connection is a connection error at once, naming the server",
      run: async () => {
        const server = await options.server.start([OK]);
        await server.close();
        const llm = await options.createLlm(server.url, {});
        const failure = await failureOf(generate(llm, { prompt: PROMPT }));
        assertExplained(failure, "llm_connection", options, lines.refused?.(server.url));
        assert.ok(failure.message.includes(server.url), `${name}: ${failure.message}`);
      },
    },
  ];
  const key = http.key;
  if (key) {
    const refusal = { status: 401, message: `Incorrect API key provided: ${key.value}` } as const;
    checks.push(
      explains(
        `a refused key is an auth error naming ${key.setting}, never the key, and not retried`,
        [refusal],
        "llm_auth",
        lines.keyRejected,
        1,
        (message) => assert.ok(message.includes(key.setting), `${name}: ${message}`),
      ),
    );
  }
  if (retries > 0) checks.push(...retryChecks(options, retries));
  if (http.timeouts) checks.push(timeoutCheck(options, http));
  return checks;
}

function retryChecks(options: ProviderContractOptions, retries: number): ProviderCheck[] {
  const { name } = options;
  return [
    {
      name: "retries a rate limit after the wait the server asks for, then answers",
      run: () =>
        withProvider(
          options,
          [{ status: 429, message: "slow down", retryAfterSeconds: 0.2 }, OK],
          async (llm, server) => {
            assert.equal((await generate(llm, { prompt: PROMPT })).text, OK.text);
            const [first, second] = server.requests;
            assert.equal(server.requests.length, 2);
            const waited = (second?.receivedAt ?? 0) - (first?.receivedAt ?? 0);
            assert.ok(waited >= 190, `${name}: retried after ${waited} ms`);
          },
        ),
    },
    {
      name: "retries failed servers (500, 503), then answers",
      run: () => {
        const failures = Array.from({ length: retries }, (_, index) => ({
          status: index % 2 ? (503 as const) : (500 as const),
          message: "overloaded",
        }));
        return withProvider(options, [...failures, OK], async (llm, server) => {
          assert.equal((await generate(llm, { prompt: PROMPT })).text, OK.text);
          assert.equal(server.requests.length, retries + 1);
        });
      },
    },
    {
      name: "stops waiting for a retry when the call is cancelled",
      run: () =>
        withProvider(
          options,
          [{ status: 429, message: "later", retryAfterSeconds: 30 }],
          async (llm, server) => {
            const controller = new AbortController();
            const pending = failureOf(generate(llm, { prompt: PROMPT, signal: controller.signal }));
            await until(() => server.requests.length === 1, "the first request");
            controller.abort();
            assert.equal((await pending).code, "aborted");
            assert.equal(server.requests.length, 1);
          },
        ),
    },
  ];
}

function timeoutCheck(options: ProviderContractOptions, http: HttpContract): ProviderCheck {
  return {
    name: "gives up on a server that never answers, and on a stream that stalls",
    run: async () => {
      await withProvider(
        options,
        [{ hang: true }],
        async (llm, server) => {
          const failure = await failureOf(generate(llm, { prompt: PROMPT }));
          assertExplained(failure, "llm_timeout", options, http.lines?.timedOut?.(server.url, 0.5));
          // Never retried; on a busy machine the request may be cut before the server read it.
          assert.ok(server.requests.length <= 1, `${options.name}: ${server.requests.length}`);
        },
        { timeoutMs: 500 },
      );
      const stalling = { text: " Final Answer: slow", chunkSize: 5, chunkDelayMs: 2_000 };
      await withProvider(
        options,
        [stalling],
        async (llm) => {
          assert.equal((await failureOf(generate(llm, { prompt: PROMPT }))).code, "llm_timeout");
        },
        { timeoutMs: 200 },
      );
    },
  };
}
