import { Box, Text } from "ink";
import type { ApprovalView, PendingApproval } from "../state/approval.js";
import { colours } from "./theme.js";

export interface ApprovalPromptProps {
  readonly approval: PendingApproval;
  readonly view: ApprovalView;
}

/**
 * In place of the question line while a tool call waits: the tool, its input (scrolled
 * with ↑/↓ when long) and the keys; after `n`, a line for a note to the model.
 */
export function ApprovalPrompt({ approval, view }: ApprovalPromptProps) {
  const { tool, origin, stage } = approval;
  const rows = view.lines.slice(view.top, view.top + view.shown);
  const above = view.top > 0 ? ` ↑${view.top}` : "";
  const below = view.max - view.top > 0 ? ` ↓${view.max - view.top}` : "";
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={colours.warning} paddingX={1}>
      <Text wrap="truncate-end">
        <Text bold color={colours.warning}>{`Run ${tool}?`}</Text>
        {/* The way to the rest of a long input first: a narrow window cuts the origin. */}
        <Text dimColor>{`${above}${below}${origin ? ` · ${origin}` : ""}`}</Text>
      </Text>
      <Box flexDirection="column" height={view.shown}>
        {rows.map((row, index) => (
          // Rows of one input, drawn in order: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed slice
          <Text key={index} wrap="truncate-end">
            {row || " "}
          </Text>
        ))}
      </Box>
      {stage === "choose" ? (
        <Text wrap="truncate-end">
          <Text bold>y</Text>
          <Text dimColor>/Enter run · </Text>
          <Text bold>a</Text>
          <Text dimColor>{` always run ${tool} · `}</Text>
          <Text bold>n</Text>
          <Text dimColor> decline · ↑/↓ scroll · Esc cancels the question</Text>
        </Text>
      ) : (
        <NoteLine approval={approval} />
      )}
    </Box>
  );
}

function NoteLine({ approval }: { readonly approval: PendingApproval }) {
  const { text, cursor } = approval.note;
  return (
    <>
      <Text dimColor wrap="truncate-end">
        Declined. A note for the model (Enter sends it; empty, no note):
      </Text>
      <Text wrap="truncate-start">
        <Text bold color={colours.warning}>
          {"> "}
        </Text>
        {text.slice(0, cursor)}
        <Text inverse>{text.slice(cursor, cursor + 1) || " "}</Text>
        {text.slice(cursor + 1)}
      </Text>
    </>
  );
}
