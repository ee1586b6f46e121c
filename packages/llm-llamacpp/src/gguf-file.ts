import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { resolve } from "node:path";
import { LangchainMiniError } from "@langchain-mini/core";

const GGUF_MAGIC = "GGUF";

/** Fails fast, before llama.cpp sees the file, when it is not a readable GGUF file. */
export async function checkGgufFile(path: string) {
  let magic: string;
  try {
    magic = await readMagic(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "it is a directory"
          : code === "EACCES"
            ? "permission denied"
            : code === "ENOTREG"
              ? "it is not a regular file (a FIFO, device or socket)"
              : String((error as Error).message).split("\n")[0];
    throw new LangchainMiniError(
      "config_invalid",
      `Cannot read the model file ${resolve(path)}: ${reason}. Give the path of a .gguf file, or a URL or hf: URI to download one`,
      { cause: error },
    );
  }
  const problem = magicProblem(magic);
  if (problem) {
    throw new LangchainMiniError(
      "config_invalid",
      `${path} is not a GGUF model file (${problem}): llama.cpp needs a .gguf file, such as a quantised model from Hugging Face`,
    );
  }
}

/** Why a file that could be read is not GGUF, or undefined when its magic is right. */
export function magicProblem(magic: string) {
  if (magic === GGUF_MAGIC) return undefined;
  return magic.length < 4 ? "it is empty or too short" : "it does not start with 'GGUF'";
}

/**
 * The file's first four bytes. Opened without waiting (a FIFO would hold the process, and
 * its exit, for good) and refused unless it is a regular file.
 */
export async function readMagic(path: string) {
  const file = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const found = await file.stat();
    if (!found.isFile()) {
      const code = found.isDirectory() ? "EISDIR" : "ENOTREG";
      throw Object.assign(new Error(`${path} is not a regular file`), { code });
    }
    const { buffer, bytesRead } = await file.read(Buffer.alloc(4), 0, 4, 0);
    return buffer.subarray(0, bytesRead).toString("latin1");
  } finally {
    await file.close();
  }
}
