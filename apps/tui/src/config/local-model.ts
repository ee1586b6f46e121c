import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  downloadFileName,
  parseModelSource,
  RECOMMENDED_LOCAL_MODEL,
} from "@langchain-mini/llm-llamacpp/download";
import { formatBytes } from "../render/download-progress.js";
import { modelsDirectory } from "./data-home.js";
import type { Env } from "./env.js";

/** What the set-up screen offers a newcomer with no key and no server. */
export interface LocalModelOffer {
  /** e.g. "Qwen2.5 1.5B Instruct (Q4_K_M)". */
  readonly name: string;
  /** e.g. "1.12 GB". */
  readonly size: string;
  /** True when an earlier run downloaded it: choosing it starts at once, offline. */
  readonly downloaded: boolean;
  /** The `--llm` spec that runs it. */
  readonly spec: string;
}

export function localModelOffer(env: Env): LocalModelOffer {
  const model = RECOMMENDED_LOCAL_MODEL;
  const source = parseModelSource(model.uri);
  const file = source.kind === "file" ? source.path : downloadFileName(source);
  return {
    name: model.name,
    size: formatBytes(model.bytes),
    downloaded: existsSync(join(modelsDirectory(env), file)),
    spec: `llamacpp:${model.uri}`,
  };
}
