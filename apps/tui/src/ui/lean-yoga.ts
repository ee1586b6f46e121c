import { readFileSync } from "node:fs";

const WASM = /data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)/;

/**
 * Options for Yoga's Emscripten loader (its JavaScript, a file URL): the WebAssembly
 * bytes it carries, read here, so that it does not fetch them. Without them (a build that
 * keeps the bytes elsewhere) it loads them its own way.
 */
export function yogaOptions(glue: string): { wasmBinary?: Uint8Array } {
  const base64 = WASM.exec(readFileSync(new URL(glue), "latin1"))?.[1];
  return base64 ? { wasmBinary: Buffer.from(base64, "base64") } : {};
}
