import type { EnvVariable } from "@langchain-mini/core";
import { DEFAULT_TOOLS } from "../plugins/built-ins.js";
import { loadTool, type Plugin } from "../plugins/load-plugin.js";
import type { HostContext } from "./host-context.js";
import { defaultProviders } from "./llm-choice.js";

/** A setting a set-up screen offers: `NAME=example`, and what it is for. */
export type SettingRow = readonly [setting: string, what: string];

/** The set-up screen's rows, from what each default provider and tool says it reads. */
export async function setupSettings(host: HostContext) {
  const providers = await defaultProviders(host);
  const tools = await Promise.all(DEFAULT_TOOLS.map((name) => loadTool(name, host)));
  const unavailableTools = tools.filter((tool) => !tool.availability(host.env).available);
  return { settings: rowsOf(providers), toolSettings: rowsOf(unavailableTools) };
}

function rowsOf(plugins: readonly Plugin[]): SettingRow[] {
  return plugins.flatMap((plugin) =>
    plugin.environment
      .filter((variable: EnvVariable) => variable.enables)
      .map(
        (variable): SettingRow => [
          `${variable.name}=${variable.example ?? "…"}`,
          `${variable.description} (${plugin.name})`,
        ],
      ),
  );
}
