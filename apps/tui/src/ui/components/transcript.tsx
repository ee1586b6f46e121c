import { Box, renderToString, Text } from "ink";
import { Markdown } from "../markdown/markdown.js";
import type { ConversationEntry } from "../state/ui-state.js";
import { Prose } from "./prose.js";
import { colours } from "./theme.js";

/**
 * What stays in the terminal's scrollback after quitting: each question, its answer as
 * Markdown (or its error), and a line of the run's steps and cost. Notices and /help are
 * left out. Empty when nothing was asked.
 */
export function transcriptText(entries: readonly ConversationEntry[], columns: number): string {
  if (!entries.some((entry) => entry.kind === "question")) return "";
  return `${renderToString(<Transcript entries={entries} />, { columns })}\n`;
}

function Transcript({ entries }: { readonly entries: readonly ConversationEntry[] }) {
  const kept = entries.filter((entry) => entry.kind !== "notice" && entry.kind !== "help");
  return (
    <Box flexDirection="column">
      {kept.map((entry) => (
        <Box key={entry.id} flexDirection="column" marginTop={entry.kind === "question" ? 1 : 0}>
          <Entry entry={entry} />
          {entry.summary && <Text dimColor>{entry.summary}</Text>}
        </Box>
      ))}
    </Box>
  );
}

function Entry({ entry }: { readonly entry: ConversationEntry }) {
  switch (entry.kind) {
    case "question":
      return <Prose bold>{`> ${entry.text}`}</Prose>;
    case "answer":
      return <Markdown text={entry.text} />;
    case "error":
      return <Prose color={colours.error}>{entry.text}</Prose>;
    case "cancelled":
      return <Text color={colours.cancelled}>cancelled</Text>;
    default:
      return null;
  }
}
