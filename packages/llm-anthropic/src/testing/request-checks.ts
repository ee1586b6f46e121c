/** What the fake model refuses, as Claude 4.6 and later models refuse prefills. */
export type FakeRefusal = "prefill";

type Body = Record<string, unknown>;
type Block = Record<string, unknown>;
type Message = { role?: unknown; content?: unknown };

/**
 * The request rules of the Messages API that a client can break, checked in the order
 * the API reports them, with its wording. Returns the 400 message, or undefined.
 * `signatures` maps each tool_use id this server sent after a thinking block to that
 * block's signature: the API wants the block back, first in that assistant turn.
 */
export function invalidRequest(
  body: Body,
  refuses: readonly FakeRefusal[],
  signatures: ReadonlyMap<string, string>,
): string | undefined {
  if (typeof body.max_tokens !== "number") return "max_tokens: Field required";
  const messages = Array.isArray(body.messages) ? (body.messages as Message[]) : [];
  if (messages.length === 0) return "messages: at least one message is required";
  const stops = Array.isArray(body.stop_sequences) ? (body.stop_sequences as unknown[]) : [];
  if (stops.some((stop) => typeof stop !== "string" || !/\S/.test(stop)))
    return "stop_sequences: each stop sequence must contain non-whitespace";
  const breakpoints = JSON.stringify(body).split('"cache_control"').length - 1;
  if (breakpoints > 4)
    return `A maximum of 4 blocks with cache_control may be provided. Found ${breakpoints}.`;
  let previousToolUses = new Set<string>();
  for (const [index, message] of messages.entries()) {
    const blocks = contentOf(message);
    if (blocks.some((block) => block.type === "text" && !block.text))
      return "messages: text content blocks must be non-empty";
    for (const block of blocks) {
      if (block.type === "tool_result" && !previousToolUses.has(String(block.tool_use_id)))
        return `messages.${index}.content: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(block.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
    }
    if (message.role === "assistant") {
      const thinkingProblem = missingThinking(index, blocks, signatures);
      if (thinkingProblem) return thinkingProblem;
    }
    previousToolUses = new Set(
      blocks.flatMap((block) => (block.type === "tool_use" ? [String(block.id)] : [])),
    );
  }
  const last = messages.at(-1);
  if (last?.role === "assistant") {
    if (refuses.includes("prefill"))
      return "This model does not support assistant message prefill. The conversation must end with a user message.";
    const text = contentOf(last)
      .map((block) => String(block.text ?? ""))
      .join("");
    if (/\s$/.test(text)) return "final assistant content cannot end with trailing whitespace";
  }
  return undefined;
}

function missingThinking(index: number, blocks: Block[], signatures: ReadonlyMap<string, string>) {
  const firstCall = blocks.find((block) => block.type === "tool_use");
  const expected = signatures.get(String(firstCall?.id));
  if (expected === undefined) return undefined;
  const first = blocks[0];
  if (first?.type === "thinking" && first.signature === expected) return undefined;
  return `messages.${index}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(first?.type)}\`. When \`thinking\` is enabled, an assistant message with tool use must start with the thinking block it was sent with, unchanged.`;
}

function contentOf(message: Message): Block[] {
  if (typeof message.content === "string") return [{ type: "text", text: message.content }];
  return Array.isArray(message.content) ? (message.content as Block[]) : [];
}
