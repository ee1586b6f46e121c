import { Box, Text } from "ink";
import { KEY_HELP, SLASH_COMMANDS } from "../state/slash-commands.js";
import { Prose } from "./prose.js";

const KEY_COLUMN = 13;

/** /help: keys and commands in two columns; a description wraps under itself, not under the key. */
export function HelpTable() {
  const commands = Object.entries(SLASH_COMMANDS).map(([name, what]) => [`/${name}`, what]);
  return (
    <Box flexDirection="column">
      <Text bold>Keys</Text>
      {KEY_HELP.map(([key, what]) => (
        <Row key={key} name={key} what={what} />
      ))}
      <Text bold>Commands</Text>
      {commands.map(([name, what]) => (
        <Row key={name} name={name ?? ""} what={what ?? ""} />
      ))}
    </Box>
  );
}

function Row({ name, what }: { readonly name: string; readonly what: string }) {
  return (
    <Box>
      <Box width={KEY_COLUMN} flexShrink={0} paddingLeft={1}>
        <Text color="cyan">{name}</Text>
      </Box>
      <Box flexShrink={1}>
        <Prose dimColor>{what}</Prose>
      </Box>
    </Box>
  );
}
