import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { arch, platform } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PluginEnv } from "@langchain-mini/core";

/** Where the sandbox's parts are on this machine. */
export interface RuntimeFiles {
  /** The deno executable. */
  readonly deno: string;
  /** Pyodide's folder (pyodide.mjs, the wasm binary, the standard library). */
  readonly pyodide: string;
  /** This package's sandbox scripts (main.js, worker.js). */
  readonly sandbox: string;
  /** Linux: util-linux's prlimit, which bounds the sandbox's memory. */
  readonly prlimit?: string;
}

export type FilesLookup =
  | { readonly found: true; readonly files: RuntimeFiles }
  | { readonly found: false; readonly reason: string };

const require = createRequire(import.meta.url);
// From src/ (tests) and dist/ alike: Deno runs the compiled scripts.
const sandbox = fileURLToPath(new URL("../dist/sandbox/", import.meta.url));

/**
 * Finds deno (the platform package that the `deno` package installs, or PYTHON_TOOL_DENO),
 * Pyodide, and on Linux prlimit. Only file lookups: cheap enough for `availability`.
 */
export function findRuntimeFiles(env: PluginEnv): FilesLookup {
  const deno = env.PYTHON_TOOL_DENO?.trim() || bundledDeno();
  if (typeof deno !== "string") return { found: false, reason: deno.reason };
  if (!existsSync(deno)) {
    return {
      found: false,
      reason: `PYTHON_TOOL_DENO names ${deno}, which does not exist: point it at a deno executable (2.x) or unset it`,
    };
  }
  let pyodide: string;
  try {
    pyodide = dirname(require.resolve("pyodide/package.json"));
  } catch {
    return {
      found: false,
      reason: "Pyodide is not installed: reinstall @langchain-mini/tool-python",
    };
  }
  const missing = ["pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip"].find(
    (file) => !existsSync(join(pyodide, file)),
  );
  if (missing) {
    return {
      found: false,
      reason: `Pyodide's ${missing} is missing from ${pyodide}: reinstall @langchain-mini/tool-python`,
    };
  }
  if (platform() !== "linux") return { found: true, files: { deno, pyodide, sandbox } };
  const prlimit = onPath("prlimit", env.PATH ?? process.env.PATH ?? "");
  if (!prlimit) {
    return {
      found: false,
      reason:
        "prlimit, which bounds the Python sandbox's memory, is not on PATH: install util-linux (e.g. apt-get install util-linux)",
    };
  }
  return { found: true, files: { deno, pyodide, sandbox, prlimit } };
}

function onPath(name: string, path: string) {
  return path
    .split(delimiter)
    .filter(Boolean)
    .map((folder) => join(folder, name))
    .find((candidate) => existsSync(candidate));
}

let bundled: string | { reason: string } | undefined;

function bundledDeno(): string | { reason: string } {
  bundled ??= lookUpBundledDeno();
  return bundled;
}

function lookUpBundledDeno(): string | { reason: string } {
  const target = denoTarget();
  const advice = "or set PYTHON_TOOL_DENO to a deno executable (2.x)";
  if (!target) {
    return { reason: `deno has no build for ${platform()}-${arch()} on npm: ${advice}` };
  }
  const executable = platform() === "win32" ? "deno.exe" : "deno";
  try {
    const denoPackage = dirname(require.resolve("deno/package.json"));
    const fromDeno = createRequire(join(denoPackage, "package.json"));
    return join(dirname(fromDeno.resolve(`@deno/${target}/package.json`)), executable);
  } catch {
    return {
      reason: `the deno binary for this platform (@deno/${target}) is not installed (was the install run with --omit=optional?): reinstall @langchain-mini/tool-python, ${advice}`,
    };
  }
}

/** The name of deno's platform package for this machine, as the deno package names them. */
function denoTarget(): string | undefined {
  const cpu = arch();
  if (cpu !== "x64" && cpu !== "arm64") return undefined;
  switch (platform()) {
    case "linux":
      return isMusl() ? undefined : `linux-${cpu}-glibc`;
    case "darwin":
    case "win32":
      return `${platform()}-${cpu}`;
    default:
      return undefined;
  }
}

function isMusl() {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } };
  return !report?.header?.glibcVersionRuntime;
}
