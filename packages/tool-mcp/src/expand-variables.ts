import type { PluginEnv } from "@langchain-mini/core";

/**
 * `${NAME}` and `${NAME:-default}` from `env`, as other MCP clients expand them, so a
 * configuration file can name a token without holding it. `$$` is not special; a `$`
 * without braces stays as it is. `used` hears each variable and what it became.
 */
export function expandVariables(
  value: string,
  env: PluginEnv,
  missing: (variable: string) => Error,
  used?: (variable: string, value: string) => void,
): string {
  return value.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
    (_match, name: string, fallback: string | undefined) => {
      const found = Object.hasOwn(env, name) ? env[name] : undefined;
      const expanded = found !== undefined && found !== "" ? found : fallback;
      if (expanded === undefined) throw missing(name);
      used?.(name, expanded);
      return expanded;
    },
  );
}
