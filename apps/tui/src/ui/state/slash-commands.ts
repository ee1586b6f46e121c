/** The commands typed on the input line, and their one-line help. */
export const SLASH_COMMANDS = {
  help: "keys and commands",
  clear: "clear the screen (the conversation's memory stays)",
  new: "start a new conversation",
  session: "<name>: switch to a named conversation, kept between runs",
  resume: "pick a stored conversation to continue (name, last question, age)",
  runs: "[id]: the runs that stopped before their answer, or take one up",
  copy: "put the last answer on the clipboard (terminals that support OSC 52)",
  tools: "the tools the agent can use",
  model: "[spec]: show the model, or switch, e.g. /model openai:gpt-4.1",
  quit: "leave (Ctrl+C also quits)",
} as const;

type SlashCommandName = keyof typeof SLASH_COMMANDS;

export type SlashCommand =
  | { readonly name: SlashCommandName; readonly argument: string }
  /** `argument` is the name that was typed. */
  | { readonly name: "unknown"; readonly argument: string };

/** `/name rest…` → the command and its argument; undefined for a question. */
export function parseSlashCommand(line: string): SlashCommand | undefined {
  const match = /^\/(\S*)\s*(.*)$/s.exec(line.trim());
  if (!match) return undefined;
  const name = (match[1] as string).toLowerCase();
  const argument = (match[2] as string).trim();
  if (name === "exit") return { name: "quit", argument };
  if (name in SLASH_COMMANDS) return { name: name as SlashCommandName, argument };
  return { name: "unknown", argument: name };
}

export const KEY_HELP = [
  ["Enter", "ask"],
  ["Esc", "cancel the running question"],
  ["Up / Down", "earlier questions"],
  ["Ctrl+R", "search earlier questions (again: older; Enter takes it)"],
  ["PgUp / PgDn", "scroll the focused pane"],
  ["Tab", "focus the other pane"],
  ["Ctrl+O", "unfold / fold long observations"],
  ["Ctrl+P", "prompt inspector: each LLM call's exact prompt and raw completion"],
  ["Ctrl+C", "quit"],
] as const;

export function helpText() {
  const keys = KEY_HELP.map(([key, what]) => `  ${key.padEnd(12)} ${what}`);
  const commands = Object.entries(SLASH_COMMANDS).map(
    ([name, what]) => `  /${name.padEnd(11)} ${what}`,
  );
  return ["Keys:", ...keys, "Commands:", ...commands].join("\n");
}
