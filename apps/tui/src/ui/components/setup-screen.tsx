import type { SettingRow } from "@langchain-mini/host";
import { Box, Text, useApp, useWindowSize } from "ink";
import { useKeypress } from "../hooks/use-keypress.js";
import type { LocalModelOffer } from "../local-model-offer.js";
import { Prose } from "./prose.js";
import { colours } from "./theme.js";

/** A setting to show, and what it is for: `OPENAI_API_KEY=sk-…`, "OpenAI". */
export type { SettingRow };

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
      <Prose bold>langchain-mini needs an LLM to talk to</Prose>
      <Prose color={colours.warning}>{reason}</Prose>
      <Text> </Text>
      <Prose>Set one of these in the shell or in .env in this folder, then start again:</Prose>
      <Rows rows={settings} />
      <Prose>Or run offline:</Prose>
      <Rows rows={OFFLINE} />
      {offer && (
        <Box marginLeft={2}>
          <Box flexShrink={0}>
            <Text bold color={colours.focus}>
              {"Press D "}
            </Text>
          </Box>
          <Prose>
            {offer.ready
              ? `to start now with ${offer.what}, downloaded before, offline`
              : `to download ${offer.what}, and run it here: offline, no key`}
          </Prose>
        </Box>
      )}
      <Text> </Text>
      {toolSettings.length > 0 && <Prose dimColor>Tools that need a setting too:</Prose>}
      {toolSettings.length > 0 && <Rows rows={toolSettings} />}
      <Prose dimColor>{`Press ${offer ? "any other key" : "any key"} to quit.`}</Prose>
    </Box>
  );
}

/** Around each row: the screen's border and padding (4 columns), and the rows' margin (2). */
const FRAME_COLUMNS = 6;
/** Below this much room beside the settings, each description goes under its setting. */
const MIN_DESCRIPTION_COLUMNS = 24;

/**
 * Settings in one column and what they are for in the next, each wrapped at words within
 * its own column; in a narrow window, each description under its setting.
 */
function Rows({ rows }: { readonly rows: readonly SettingRow[] }) {
  const { columns } = useWindowSize();
  const width = Math.max(...rows.map(([setting]) => setting.length)) + 2;
  const beside = columns - FRAME_COLUMNS - width >= MIN_DESCRIPTION_COLUMNS;
  return (
    <Box flexDirection="column" marginLeft={2}>
      {rows.map(([setting, what]) => (
        <Box key={setting} flexDirection={beside ? "row" : "column"}>
          <Box width={beside ? width : undefined} flexShrink={0}>
            <Prose bold color={colours.focus}>
              {setting}
            </Prose>
          </Box>
          <Box flexGrow={1} flexShrink={1} marginLeft={beside ? 0 : 2}>
            <Prose dimColor>{what}</Prose>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
