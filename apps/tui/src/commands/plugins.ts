import { describeThrown } from "@langchain-mini/core";
import {
  addPlugin,
  describePlugin,
  type HostContext,
  installedNames,
  installedVersion,
  removePlugin,
  terminalText,
  usageError,
} from "@langchain-mini/host";
import { parseActionCommand } from "../config/action-command.js";
import type { Shell } from "../shell.js";

export const PLUGINS_USAGE = `Usage: langchain-mini plugins list                 the installed plug-ins
       langchain-mini plugins add <source>         install a provider, tool or store package
       langchain-mini plugins remove <name>        uninstall one

<source> is what npm installs: a package name (with @version), a .tgz tarball or a
folder. Plug-ins live in LANGCHAIN_MINI_HOME/plugins and load by name from any folder:
  langchain-mini plugins add langchain-mini-tool-clock
  langchain-mini ask --tools calculator,langchain-mini-tool-clock "What time is it?"
--trust: this run only, let the folder's .env name code and commands (see README).`;

/** `plugins`: install, list and remove providers and tools for the installed CLI. */
export async function plugins(argv: readonly string[], shell: Shell): Promise<number> {
  const parsed = parseActionCommand("plugins", argv, PLUGINS_USAGE, {});
  if (!parsed) return 0;
  const { values, action, name: target } = parsed;
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const { host, warnings } = await shell.openHost({
    trust: values.trust,
    signal: controller.signal,
  });
  for (const warning of warnings) process.stderr.write(`Warning: ${terminalText(warning)}\n`);
  try {
    if (action === "list") return await list(host);
    if (!target) throw usageError(`plugins ${action} needs a package.\n${PLUGINS_USAGE}`);
    if (action === "add") {
      process.stderr.write(`Installing ${target} with npm into ${host.pluginHome}\n`);
      const added = await addPlugin(target, host);
      const use = {
        provider: `--llm ${added.name}:<model>`,
        tool: `--tools ${added.name}`,
        store: `--store ${added.name}:<url>`,
        neither: "",
      }[added.kind];
      // The name and version are the installed package's own: foreign text.
      process.stdout.write(
        `${terminalText(`Added ${added.name} ${added.version} (${added.kind}): use it with ${use}`)}\n`,
      );
      return 0;
    }
    if (action === "remove") {
      await removePlugin(target, host);
      process.stdout.write(`Removed ${target}\n`);
      return 0;
    }
    throw usageError(`Unknown plugins action '${action}': use list, add or remove`);
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  }
}

async function list(host: HostContext) {
  const names = await installedNames(host.pluginHome);
  if (names.length === 0) {
    process.stderr.write(
      `No plug-ins installed in ${host.pluginHome}: add one with langchain-mini plugins add <package>\n`,
    );
  }
  // Names and descriptions come from installed packages: foreign text.
  for (const name of names)
    process.stdout.write(`${terminalText(await describeLine(name, host))}\n`);
  return 0;
}

/** `name  version  kind  description`; one that does not load says why, and the rest still list. */
async function describeLine(name: string, host: HostContext) {
  try {
    const { version, kind, plugin } = await describePlugin(name, host);
    const verdict = plugin?.availability(host.env);
    const state = verdict && !verdict.available ? `  (not usable: ${verdict.reason})` : "";
    const about = plugin?.description ? `  ${plugin.description}` : "";
    return `${name}\t${version}\t${kind}${about}${state}`;
  } catch (error) {
    const version = await installedVersion(host.pluginHome, name);
    return `${name}\t${version}\tbroken  (${describeThrown(error)}: remove it, or add it again)`;
  }
}
