import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The package of a path: after its last node_modules/ (pnpm stores them under .pnpm/). */
const PACKAGE = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//;

/**
 * The source modules a file the process loaded holds: itself, or, for a chunk of the
 * app's bundle, every module the bundler put in it (it heads each with a comment naming
 * its path: `// src/ui/markdown/markdown.tsx`, `// ../../node_modules/.pnpm/…/marked/…`).
 */
export function modulesIn(url: string): string[] {
  if (!url.startsWith("file:") || !/[\\/]apps[\\/]tui[\\/]dist[\\/]/.test(url)) return [url];
  const source = readFileSync(fileURLToPath(url), "utf8");
  const headed = [...source.matchAll(/^\/\/ (\S+\.[cm]?[jt]sx?)$/gm)].map((line) => line[1] ?? "");
  return headed.length > 0 ? headed : [url];
}

/** The npm packages a file the process loaded holds, by `modulesIn`. */
export function packagesIn(url: string): string[] {
  return modulesIn(url).flatMap((path) => {
    const name = PACKAGE.exec(path)?.[1];
    return name ? [name] : [];
  });
}
