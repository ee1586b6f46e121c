import { LangchainMiniError } from "@langchain-mini/core";
import type { Llama, LlamaModel } from "node-llama-cpp";
import { checkGgufFile } from "./gguf-file.js";
import { firstLine, llamaErrorSince, logMark } from "./llama-runtime.js";

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
