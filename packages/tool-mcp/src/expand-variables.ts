import type { PluginEnv } from "@langchain-mini/core";

/**
 * `${NAME}` and `${NAME:-default}` from `env`, as other MCP clients expand them, so a
 * configuration file can name a token without holding it. `$$` is not special; a `$`
 * without braces stays as it is.
 */
export function expandVariables(
  value: string,
  env: PluginEnv,
  missing: (variable: string) => Error,
): string {
  return value.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
    (_match, name: string, fallback: string | undefined) => {
      const found = Object.hasOwn(env, name) ? env[name] : undefined;
      if (found !== undefined && found !== "") return found;
      if (fallback !== undefined) return fallback;
      throw missing(name);
    },
  );
}
