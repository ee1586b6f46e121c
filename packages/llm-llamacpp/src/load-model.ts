import { open } from "node:fs/promises";
import { LangchainMiniError } from "@langchain-mini/core";
import type { Llama, LlamaModel } from "node-llama-cpp";
import { firstLine, llamaErrorSince, logMark } from "./llama-runtime.js";

const GGUF_MAGIC = "GGUF";

/**
 * Loads a GGUF file, turning every way a file can be wrong (missing, a directory, not
 * GGUF, cut short, corrupted) into one line that says what to do.
 */
export async function loadModelFile(llama: Llama, path: string): Promise<LlamaModel> {
  await checkGgufFile(path);
  const mark = logMark();
  try {
    return await llama.loadModel({ modelPath: path });
  } catch (error) {
    const detail = (await llamaErrorSince(mark)) ?? firstLine(error);
    throw new LangchainMiniError(
      "config_invalid",
      `Cannot load the model ${path} (${detail}): the file is incomplete or corrupted; download it again`,
      { cause: error },
    );
  }
}

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
            : firstLine(error);
    throw new LangchainMiniError(
      "config_invalid",
      `Cannot read the model file ${path}: ${reason}. Give the path of a .gguf file, or a URL or hf: URI to download one`,
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

export async function readMagic(path: string) {
  const file = await open(path, "r");
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(4), 0, 4, 0);
    return buffer.subarray(0, bytesRead).toString("latin1");
  } finally {
    await file.close();
  }
}
