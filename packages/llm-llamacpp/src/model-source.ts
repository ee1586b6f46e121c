import { access } from "node:fs/promises";
import { homedir } from "node:os";
import { basename, join } from "node:path";
import { type DownloadOptions, downloadModelFile } from "./download-file.js";
import {
  type HuggingFaceOptions,
  type HuggingFaceUri,
  huggingFaceFileUrl,
  huggingFaceHeaders,
  parseHuggingFaceUri,
} from "./hugging-face.js";

/** Where a model comes from: a local file, an http(s) URL or a Hugging Face `hf:` URI. */
export type ModelSource =
  | { readonly kind: "file"; readonly path: string }
  | { readonly kind: "url"; readonly url: string }
  | { readonly kind: "hugging-face"; readonly uri: HuggingFaceUri };

export function parseModelSource(spec: string): ModelSource {
  if (/^https?:\/\//i.test(spec)) return { kind: "url", url: spec };
  if (spec.startsWith("hf:")) return { kind: "hugging-face", uri: parseHuggingFaceUri(spec) };
  // `llamacpp:~/models/x.gguf` reaches us unexpanded: shells expand `~` only at a word's start.
  const path = spec.startsWith("~/") ? join(homedir(), spec.slice(2)) : spec;
  return { kind: "file", path };
}

/** The name a downloaded model gets in the models directory: stable, so the next run finds it. */
export function downloadFileName(source: Exclude<ModelSource, { kind: "file" }>) {
  if (source.kind === "url") {
    const url = new URL(source.url);
    const name = basename(url.pathname) || "model";
    return safeName(`${url.host}_${name.toLowerCase().endsWith(".gguf") ? name : `${name}.gguf`}`);
  }
  const { repository, revision, file, quant } = source.uri;
  const at = revision === "main" ? "" : `_${revision}`;
  return safeName(
    `hf_${repository.replace("/", "_")}${at}_${file ? basename(file) : `${quant}.gguf`}`,
  );
}

export interface ResolveModelOptions extends Omit<DownloadOptions, "headers"> {
  /** Where downloads go, e.g. `~/.local/share/langchain-mini/models`. */
  readonly modelsDirectory: string;
  readonly huggingFace?: HuggingFaceOptions;
}

export interface ResolvedModel {
  readonly path: string;
  /** True when this call fetched the file (false: a local file or an earlier download). */
  readonly downloaded: boolean;
}

/**
 * The local path of a model: a file as given, a download reused when complete, or a
 * download made (or resumed) now. A reused download needs no network at all.
 */
export async function resolveModelSource(
  spec: string,
  options: ResolveModelOptions,
): Promise<ResolvedModel> {
  const source = parseModelSource(spec);
  if (source.kind === "file") return { path: source.path, downloaded: false };
  const destination = join(options.modelsDirectory, downloadFileName(source));
  if (await exists(destination)) return { path: destination, downloaded: false };
  const url =
    source.kind === "url"
      ? source.url
      : await huggingFaceFileUrl(source.uri, options.huggingFace, options.signal);
  const headers = source.kind === "url" ? {} : huggingFaceHeaders(options.huggingFace);
  await downloadModelFile(url, destination, { ...options, headers });
  return { path: destination, downloaded: true };
}

function safeName(name: string) {
  return name.replace(/[^\w.-]+/g, "_");
}

async function exists(path: string) {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
