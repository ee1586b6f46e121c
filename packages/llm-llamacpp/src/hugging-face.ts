import { LangchainMiniError } from "@langchain-mini/core";

/** Where `hf:` URIs point; HF_ENDPOINT (as in huggingface_hub) selects a mirror. */
export interface HuggingFaceOptions {
  /** Default: HF_ENDPOINT, else https://huggingface.co. */
  readonly endpoint?: string;
  /** For gated or private repositories; default: HF_TOKEN. Sent only to the endpoint. */
  readonly token?: string;
}

/**
 * An `hf:` URI, in the forms llama.cpp and node-llama-cpp accept:
 * `hf:<user>/<repo>/<path/to/file.gguf>[#<revision>]`, or `hf:<user>/<repo>[:<quant>]`
 * to pick the repository's file of that quantisation (default Q4_K_M).
 */
export interface HuggingFaceUri {
  readonly repository: string;
  readonly revision: string;
  /** Either the file, or the quantisation to look for. */
  readonly file?: string;
  readonly quant?: string;
}

const DEFAULT_QUANT = "Q4_K_M";

export function parseHuggingFaceUri(uri: string): HuggingFaceUri {
  const [body = "", revision = "main"] = uri.replace(/^hf:/, "").split("#");
  const fileForm = /^([\w.-]+\/[\w.-]+)\/(.+\.gguf)$/i.exec(body);
  if (fileForm?.[1] && fileForm[2]) {
    return { repository: fileForm[1], file: fileForm[2], revision };
  }
  const quantForm = /^([\w.-]+\/[\w.-]+)(?::([\w.-]+))?$/.exec(body);
  if (quantForm?.[1]) {
    return { repository: quantForm[1], quant: quantForm[2] ?? DEFAULT_QUANT, revision };
  }
  throw new LangchainMiniError(
    "config_invalid",
    `Cannot read the model URI '${uri}': use hf:<user>/<repo>:<quant> (e.g. hf:Qwen/Qwen2.5-1.5B-Instruct-GGUF:Q4_K_M) or hf:<user>/<repo>/<file>.gguf`,
  );
}

function huggingFaceEndpoint(options: HuggingFaceOptions = {}) {
  return (options.endpoint ?? process.env.HF_ENDPOINT ?? "https://huggingface.co").replace(
    /\/+$/,
    "",
  );
}

export function huggingFaceHeaders(options: HuggingFaceOptions = {}): Record<string, string> {
  const token = options.token ?? process.env.HF_TOKEN;
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** The download URL of an `hf:` URI; the quantisation form asks the Hub which file it is. */
export async function huggingFaceFileUrl(
  uri: HuggingFaceUri,
  options: HuggingFaceOptions = {},
  signal?: AbortSignal,
): Promise<string> {
  const endpoint = huggingFaceEndpoint(options);
  const file = uri.file ?? (await findQuantFile(uri, endpoint, options, signal));
  const path = file.split("/").map(encodeURIComponent).join("/");
  return `${endpoint}/${uri.repository}/resolve/${encodeURIComponent(uri.revision)}/${path}`;
}

async function findQuantFile(
  uri: HuggingFaceUri,
  endpoint: string,
  options: HuggingFaceOptions,
  signal?: AbortSignal,
) {
  const url = `${endpoint}/api/models/${uri.repository}/revision/${encodeURIComponent(uri.revision)}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: huggingFaceHeaders(options), signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new LangchainMiniError(
      "llm_connection",
      `Cannot reach ${endpoint} to look up hf:${uri.repository} (${(error as Error).message}): check your connection`,
      { cause: error },
    );
  }
  if (!response.ok) {
    const hint =
      response.status === 401 || response.status === 403
        ? "the repository is gated or private: set HF_TOKEN"
        : "check the repository name";
    throw new LangchainMiniError(
      "config_invalid",
      `Hugging Face has no model hf:${uri.repository} (HTTP ${response.status}): ${hint}`,
    );
  }
  const info = (await response.json()) as { siblings?: { rfilename?: unknown }[] };
  const files = (info.siblings ?? [])
    .map((sibling) => sibling.rfilename)
    .filter((name): name is string => typeof name === "string" && /\.gguf$/i.test(name))
    // Split models (-00001-of-00003) and multimodal projectors are not one loadable file.
    .filter((name) => !/-\d{5}-of-\d{5}\.gguf$/i.test(name) && !/mmproj/i.test(name));
  const quant = (uri.quant ?? DEFAULT_QUANT).toLowerCase();
  const matches = files
    .filter((name) => name.toLowerCase().includes(quant))
    .sort((left, right) => left.length - right.length);
  if (matches[0]) return matches[0];
  const available = files.map((name) => name.split("/").pop()).join(", ") || "none";
  throw new LangchainMiniError(
    "config_invalid",
    `hf:${uri.repository} has no single-file ${uri.quant} GGUF (files: ${available}): pick one with hf:${uri.repository}/<file>.gguf`,
  );
}
