import { Text } from "ink";
import type { PaneBox } from "../hooks/use-layout.js";
import type { ScrollPosition } from "../hooks/use-scroll.js";
import { ageText, type SessionPicker } from "../state/session-picker.js";
import type { PaneName } from "../state/ui-state.js";
import { Pane } from "./pane.js";
import { colours } from "./theme.js";

export interface SessionPickerViewProps {
  readonly picker: SessionPicker;
  readonly box: PaneBox;
  readonly onMeasure: (pane: PaneName, max: number, page: number) => void;
}

/** /resume: the stored conversations, newest first: name, age, turns and last question. */
export function SessionPickerView({ picker, box, onMeasure }: SessionPickerViewProps) {
  const now = Date.now();
  const page = Math.max(1, box.height - 4);
  // The chosen row stays in view.
  const position: ScrollPosition = Math.max(0, picker.selected - page + 1);
  return (
    <Pane
      name="conversation"
      title="Resume a conversation"
      hint="↑/↓ choose · Enter opens · Esc closes"
      box={box}
      focused
      position={position}
      onMeasure={onMeasure}
    >
      {picker.sessions.length === 0 ? (
        <Text dimColor>No stored conversations yet: /session &lt;name&gt; keeps one.</Text>
      ) : (
        picker.sessions.map((session, index) => {
          const chosen = index === picker.selected;
          const about = session.problem
            ? `cannot be read: ${session.problem}`
            : `${session.turns} turn${session.turns === 1 ? "" : "s"}`;
          return (
            <Text key={session.name} wrap="truncate-end" inverse={chosen}>
              <Text bold color={chosen ? undefined : colours.focus}>
                {`${chosen ? "▸" : " "} ${session.name}`}
              </Text>
              <Text dimColor={!chosen}>{` · ${ageText(session.updatedAt, now)} · ${about}`}</Text>
              {session.lastQuestion && <Text>{` · ${session.lastQuestion}`}</Text>}
            </Text>
          );
        })
      )}
    </Pane>
  );
}
