import { homedir } from "node:os";
import { join } from "node:path";

/**
 * Where langchain-mini keeps its data (sessions, downloaded models, plug-ins, trusted
 * folders): LANGCHAIN_MINI_HOME, else $XDG_DATA_HOME/langchain-mini, else
 * ~/.local/share/langchain-mini. Every package asks here, so one setting moves all of it.
 */
export function dataHome(env: Readonly<Record<string, string | undefined>> = process.env) {
  if (env.LANGCHAIN_MINI_HOME) return env.LANGCHAIN_MINI_HOME;
  if (env.XDG_DATA_HOME) return join(env.XDG_DATA_HOME, "langchain-mini");
  return join(env.HOME || homedir(), ".local", "share", "langchain-mini");
}
