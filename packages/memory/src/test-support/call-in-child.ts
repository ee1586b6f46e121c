import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

const storeCall = resolve(import.meta.dirname, "store-call.mjs");

/**
 * One store call in a child process: `limitBlocks` caps the size of files it writes;
 * `obeyModes` has it obey file modes even when it runs as root (which reads any file):
 * the child keeps its user, so it still reaches a checkout under a private folder.
 */
export function callInChild(
  directory: string,
  args: string[],
  options: { limitBlocks?: number; obeyModes?: boolean } = {},
) {
  const asRoot = options.obeyModes && process.getuid?.() === 0;
  const command = [
    ...(asRoot ? ["setpriv", "--bounding-set=-dac_override,-dac_read_search"] : []),
    process.execPath,
    storeCall,
    directory,
    ...args,
  ];
  const node = command.map(quote).join(" ");
  // `ulimit -f` counts 512-byte blocks in POSIX sh; past the limit a write is cut short,
  // then fails with EFBIG, as on a disk that fills up (Node ignores SIGXFSZ).
  const limit = options.limitBlocks === undefined ? "" : `ulimit -f ${options.limitBlocks}; `;
  const output = execFileSync("sh", ["-c", `${limit}exec ${node}`], { encoding: "utf8" });
  return JSON.parse(output) as { ok: boolean; code?: string; message?: string; value?: unknown };
}
const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
