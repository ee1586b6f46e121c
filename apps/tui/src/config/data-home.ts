import { homedir } from "node:os";
import { join } from "node:path";
import type { Env } from "./env.js";

/**
 * Where langchain-mini keeps what it downloads and saves: LANGCHAIN_MINI_HOME, else
 * $XDG_DATA_HOME/langchain-mini, else ~/.local/share/langchain-mini.
 */
export function dataHome(env: Env) {
  if (env.LANGCHAIN_MINI_HOME) return env.LANGCHAIN_MINI_HOME;
  const base = env.XDG_DATA_HOME || join(env.HOME || homedir(), ".local", "share");
  return join(base, "langchain-mini");
}

/** Downloaded local models (`--llm llamacpp:<url or hf: URI>`). */
export function modelsDirectory(env: Env) {
  return join(dataHome(env), "models");
}
