import { createRequire } from "node:module";

export function version() {
  const manifest = createRequire(import.meta.url)("../../package.json") as { version: string };
  process.stdout.write(`${manifest.version}\n`);
  return 0;
}
