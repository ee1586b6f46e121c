import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeOpenAi } from "./fake-openai-server.js";

const servers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function post(baseURL: string, body: unknown) {
  const response = await fetch(`${baseURL}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** The usage chunk of a streamed reply. */
const usageOf = (text: string) =>
  JSON.parse(
    text
      .split("\n")
      .filter((line) => line.startsWith("data: {") && line.includes('"usage"'))
      .at(-1)
      ?.slice(6) ?? "{}",
  ).usage;

describe("the fake OpenAI server's context window", () => {
  it("refuses a prompt whose tokens and reply room pass the window, with OpenAI's 400", async () => {
    const fake = await startFakeOpenAi([{ text: "ok" }], { contextWindow: 1_000 });
    servers.push(fake);
    const long = "word ".repeat(2_000);
    const refused = await post(fake.baseURL, {
      model: "m",
      stream: true,
      max_tokens: 100,
      messages: [{ role: "user", content: long }],
    });
    expect(refused.status).toBe(400);
    const body = JSON.parse(refused.text);
    expect(body.error).toMatchObject({
      type: "invalid_request_error",
      param: "messages",
      code: "context_length_exceeded",
    });
    const counted = countTokens(long) + countTokens("user") + 3 + 3;
    expect(body.error.message).toBe(
      `This model's maximum context length is 1000 tokens. However, you requested ${counted + 100} tokens (${counted} in the messages, 100 in the completion). Please reduce the length of the messages or completion.`,
    );
    expect(fake.refused).toHaveLength(1);
    expect(fake.requests).toHaveLength(0);
    // The reply was not used up: the next request that fits gets it.
    const fits = await post(fake.baseURL, {
      model: "m",
      stream: true,
      max_tokens: 100,
      messages: [{ role: "user", content: "hello there" }],
    });
    expect(fits.status).toBe(200);
    expect(fits.text).toContain('"content":"ok"');
  });

  it("reports the counted prompt, and the prefix it shares with the previous request as cached", async () => {
    const fake = await startFakeOpenAi([{ text: "a" }, { text: "b" }], { contextWindow: 100_000 });
    servers.push(fake);
    const first = "Question: what is on the page?\nThought:".repeat(50);
    const one = await post(fake.baseURL, {
      model: "m",
      stream: true,
      messages: [{ role: "user", content: first }],
    });
    expect(usageOf(one.text)).toMatchObject({
      prompt_tokens: fake.requests[0]?.promptTokens,
      prompt_tokens_details: { cached_tokens: 0 },
    });
    const two = await post(fake.baseURL, {
      model: "m",
      stream: true,
      messages: [{ role: "user", content: `${first} I should read it.` }],
    });
    const usage = usageOf(two.text);
    expect(usage.prompt_tokens).toBeGreaterThan(fake.requests[0]?.promptTokens ?? 0);
    // All but the first request's last token or two (a tokenizer may merge across the join).
    expect(usage.prompt_tokens_details.cached_tokens).toBeGreaterThan(countTokens(first) - 3);
    expect(fake.requests[1]?.cachedTokens).toBe(usage.prompt_tokens_details.cached_tokens);
  });
});
