import type { Tool } from "@langchain-mini/core";
import { terminalText as safe } from "@langchain-mini/host";

export type ListedTool = Pick<Tool<unknown>, "name" | "description" | "origin">;

/** A description past this is cut in the list: MCP servers write pages. */
const MAX_DESCRIPTION = 160;

/**
 * `/tools`: the app's own tools first, then each source's (an MCP server) under its
 * name, one line per tool with the first line of its description.
 */
export function formatToolList(tools: readonly ListedTool[]) {
  if (tools.length === 0) return "No tools: the agent answers from the model alone";
  const groups = new Map<string, ListedTool[]>();
  for (const tool of tools) {
    const origin = tool.origin ?? "";
    groups.set(origin, [...(groups.get(origin) ?? []), tool]);
  }
  const lines: string[] = [];
  for (const tool of groups.get("") ?? []) lines.push(`${tool.name}: ${summary(tool)}`);
  for (const [origin, members] of groups) {
    if (!origin) continue;
    lines.push(`${origin}:`);
    for (const tool of members) lines.push(`  ${tool.name}: ${summary(tool)}`);
  }
  // Names and descriptions come from plug-ins and servers: no escape sequences on screen.
  return safe(lines.join("\n"));
}

function summary(tool: ListedTool) {
  const first = tool.description.trim().split("\n")[0]?.trim() ?? "";
  return first.length > MAX_DESCRIPTION ? `${first.slice(0, MAX_DESCRIPTION - 1)}…` : first;
}
