import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * The process environment over `.env` from the working directory: a variable set in the
 * shell always wins, as with dotenv. A missing `.env` is fine.
 */
export function loadEnv(cwd = process.cwd(), environment: Env = process.env): Env {
  let text: string;
  try {
    text = readFileSync(join(cwd, ".env"), "utf8");
  } catch {
    return environment;
  }
  return { ...parseEnv(text), ...environment };
}
