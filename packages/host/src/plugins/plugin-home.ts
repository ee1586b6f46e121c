import { join } from "node:path";
import { dataHome } from "@langchain-mini/core";
import type { Env } from "../config/env.js";

/**
 * Where `langchain-mini plugins add` installs: an npm project of its own under the data
 * directory, so plug-ins load by name from any working directory.
 */
export function pluginHome(env: Env) {
  return join(dataHome(env), "plugins");
}
