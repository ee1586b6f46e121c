// The fake server's context window: a request's prompt counted with OpenAI's tokenizer
// (o200k, loaded only when a window is asked for), refused over the window with the
// real 400 body, and the prompt cache a provider keeps (the prefix shared with the
// previous request).

/** The tokens of a request as OpenAI bills them. */
export interface CountedPrompt {
  /** The prompt's tokens: messages (with their framing), tool calls and tool definitions. */
  readonly tokens: number;
  /** Of them, the tokens the previous request began with too (what a prompt cache reads). */
  readonly cached: number;
}

type Encode = (text: string) => number[];

/** What OpenAI adds around each message and before the reply, in tokens. */
const MESSAGE_FRAMING = 3;
const REPLY_PRIMING = 3;

/** Counts each request's prompt, and remembers the last one's tokens for the cache. */
export async function promptCounter() {
  const { encode } = await import("gpt-tokenizer/encoding/o200k_base");
  const encodeText: Encode = (text) => encode(text, { disallowedSpecial: new Set() });
  let previous: readonly number[] = [];
  return (body: Record<string, unknown>): CountedPrompt => {
    const { tokens, framing } = promptTokens(body, encodeText);
    let cached = 0;
    while (cached < tokens.length && tokens[cached] === previous[cached]) cached++;
    previous = tokens;
    return { tokens: tokens.length + framing, cached };
  };
}

/** The prompt as one sequence of tokens (tools, then messages), and the framing's count. */
function promptTokens(body: Record<string, unknown>, encode: Encode) {
  const tokens: number[] = [];
  const add = (text: string) => {
    for (const token of encode(text)) tokens.push(token);
  };
  if (Array.isArray(body.tools)) add(JSON.stringify(body.tools));
  const messages = Array.isArray(body.messages) ? (body.messages as Record<string, unknown>[]) : [];
  for (const message of messages) {
    add(String(message.role ?? ""));
    if (typeof message.content === "string") add(message.content);
    for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
      const named = (call as { function?: { name?: string; arguments?: string } }).function;
      add(`${named?.name ?? ""}${named?.arguments ?? ""}`);
    }
  }
  return { tokens, framing: messages.length * MESSAGE_FRAMING + REPLY_PRIMING };
}

/** OpenAI's answer to a prompt (and the reply's room) over the window: its words, its 400. */
export function contextExceeded(window: number, prompt: number, completion: number) {
  const message =
    completion > 0
      ? `This model's maximum context length is ${window} tokens. However, you requested ${prompt + completion} tokens (${prompt} in the messages, ${completion} in the completion). Please reduce the length of the messages or completion.`
      : `This model's maximum context length is ${window} tokens. However, your messages resulted in ${prompt} tokens. Please reduce the length of the messages.`;
  return {
    error: {
      message,
      type: "invalid_request_error",
      param: "messages",
      code: "context_length_exceeded",
    },
  };
}
