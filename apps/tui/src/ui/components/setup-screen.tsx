import { Box, Text, useApp } from "ink";
import type { LocalModelOffer } from "../../config/local-model.js";
import { useKeypress } from "../hooks/use-keypress.js";
import { colours } from "./theme.js";

const SETTINGS = [
  ["OPENAI_API_KEY=sk-…", "OpenAI (OPENAI_MODEL picks the model)"],
  ["OPENAI_BASE_URL=http://localhost:11434/v1", "a local server such as Ollama (no key needed)"],
] as const;

const OFFLINE = [
  ["langchain-mini --llm script:replies.json", "replies from a file"],
  ["langchain-mini --llm llamacpp:<model.gguf>", "a local model, in process"],
] as const;

/**
 * Shown instead of the chat when no LLM is configured: what to set, exactly. With an
 * offer, D downloads a small local model and starts with it (exit value "download");
 * any other key quits.
 */
export function SetupScreen({
  reason,
  offer,
}: {
  readonly reason: string;
  readonly offer?: LocalModelOffer;
}) {
  const { exit } = useApp();
  useKeypress((input) => exit(offer && input.toLowerCase() === "d" ? "download" : 2));
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={colours.warning} paddingX={1}>
      <Text bold>langchain-mini needs an LLM to talk to</Text>
      <Text color={colours.warning}>{reason}</Text>
      <Text> </Text>
      <Text>Set one of these in the shell or in .env in this folder, then start again:</Text>
      <Rows rows={SETTINGS} />
      <Text>Or run offline:</Text>
      <Rows rows={OFFLINE} />
      {offer && (
        <Text>
          <Text bold color={colours.focus}>
            {"  Press D "}
          </Text>
          {offer.downloaded
            ? `to start now with ${offer.name}, downloaded before (${offer.size}), offline`
            : `to download ${offer.name}, ${offer.size}, and run it here: offline, no key`}
        </Text>
      )}
      <Text> </Text>
      <Text dimColor>
        Web search also needs SERPAPI_API_KEY. Press {offer ? "any other key" : "any key"} to quit.
      </Text>
    </Box>
  );
}

function Rows({ rows }: { readonly rows: readonly (readonly [string, string])[] }) {
  const width = Math.max(...rows.map(([setting]) => setting.length)) + 2;
  return (
    <Box flexDirection="column" marginLeft={2}>
      {rows.map(([setting, what]) => (
        <Text key={setting}>
          <Text bold color={colours.focus}>
            {setting.padEnd(width)}
          </Text>
          <Text dimColor>{what}</Text>
        </Text>
      ))}
    </Box>
  );
}
