import { Box, Text, useApp } from "ink";
import { useKeypress } from "../hooks/use-keypress.js";
import type { LocalModelOffer } from "../local-model-offer.js";
import { colours } from "./theme.js";

/** A setting to show, and what it is for: `OPENAI_API_KEY=sk-…`, "OpenAI". */
export type SettingRow = readonly [setting: string, what: string];

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
  settings,
  toolSettings = [],
  offer,
}: {
  readonly reason: string;
  /** What makes a provider usable, from each provider's own list of variables. */
  readonly settings: readonly SettingRow[];
  /** What turns on a default tool that is left out (web search's key). */
  readonly toolSettings?: readonly SettingRow[];
  readonly offer?: Pick<LocalModelOffer, "what" | "ready">;
}) {
  const { exit } = useApp();
  useKeypress((input) => exit(offer && input.toLowerCase() === "d" ? "download" : 2));
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={colours.warning} paddingX={1}>
      <Text bold>langchain-mini needs an LLM to talk to</Text>
      <Text color={colours.warning}>{reason}</Text>
      <Text> </Text>
      <Text>Set one of these in the shell or in .env in this folder, then start again:</Text>
      <Rows rows={settings} />
      <Text>Or run offline:</Text>
      <Rows rows={OFFLINE} />
      {offer && (
        <Text>
          <Text bold color={colours.focus}>
            {"  Press D "}
          </Text>
          {offer.ready
            ? `to start now with ${offer.what}, downloaded before, offline`
            : `to download ${offer.what}, and run it here: offline, no key`}
        </Text>
      )}
      <Text> </Text>
      {toolSettings.length > 0 && <Text dimColor>Tools that need a setting too:</Text>}
      {toolSettings.length > 0 && <Rows rows={toolSettings} />}
      <Text dimColor>Press {offer ? "any other key" : "any key"} to quit.</Text>
    </Box>
  );
}

function Rows({ rows }: { readonly rows: readonly SettingRow[] }) {
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
