import { Box, Text } from "ink";
import { memo } from "react";
import type { ConversationEntry } from "../state/ui-state.js";
import { HelpTable, Markdown } from "./deferred-parts.js";
import { Pane, type PanePlacement } from "./pane.js";
import { Prose } from "./prose.js";
import { colours } from "./theme.js";

interface ConversationPaneProps extends PanePlacement {
  readonly entries: readonly ConversationEntry[];
  readonly session: string | undefined;
}

/** Questions and final answers, with the app's notices between them. */
export function ConversationPane({ entries, session, ...pane }: ConversationPaneProps) {
  const title = session ? `Conversation · ${session}` : "Conversation";
  return (
    <Pane name="conversation" title={title} {...pane}>
      {entries.length === 0 ? (
        <Text dimColor>Type a question and press Enter. /help lists keys and commands.</Text>
      ) : (
        entries.map((entry) => <Entry key={entry.id} entry={entry} />)
      )}
    </Pane>
  );
}

/** Entries never change once added: drawn once, not again on every streamed token. */
const Entry = memo(function Entry({ entry }: { readonly entry: ConversationEntry }) {
  switch (entry.kind) {
    case "question":
      return (
        <Box marginTop={1}>
          <Prose bold>{`> ${entry.text}`}</Prose>
        </Box>
      );
    case "answer":
      return <Markdown text={entry.text} />;
    case "cancelled":
      return <Text color={colours.cancelled}>cancelled</Text>;
    case "error":
      return <Prose color={colours.error}>{entry.text}</Prose>;
    case "notice":
      return <Prose color={colours.notice}>{entry.text}</Prose>;
    case "help":
      return <HelpTable />;
    default:
      entry.kind satisfies never;
      return null;
  }
});
