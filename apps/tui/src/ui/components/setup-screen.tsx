import { Box, Text, useApp } from "ink";
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

/** Shown instead of the chat when no LLM is configured: what to set, exactly. Any key quits. */
export function SetupScreen({ reason }: { readonly reason: string }) {
  const { exit } = useApp();
  useKeypress(() => exit(2));
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={colours.warning} paddingX={1}>
      <Text bold>langchain-mini needs an LLM to talk to</Text>
      <Text color={colours.warning}>{reason}</Text>
      <Text> </Text>
      <Text>Set one of these in the shell or in .env in this folder, then start again:</Text>
      <Rows rows={SETTINGS} />
      <Text>Or run offline:</Text>
      <Rows rows={OFFLINE} />
      <Text> </Text>
      <Text dimColor>Web search also needs SERPAPI_API_KEY. Press any key to quit.</Text>
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
