import { existsSync } from "node:fs";
import { join } from "node:path";
import { describeThrown } from "@langchain-mini/core";
import {
  ADD_ONS,
  addPlugin,
  BUILT_IN_PROVIDERS,
  type HostContext,
  locateModule,
  terminalText,
} from "@langchain-mini/host";
import { formatBytes } from "../render/download-progress.js";

/** What the set-up screen offers a newcomer with no key and no server: a small local model. */
export interface LocalModelOffer {
  /** e.g. "Qwen2.5 1.5B Instruct (Q4_K_M), 1.12 GB", or what is known before the add-on is in. */
  readonly what: string;
  /** Installed and downloaded by an earlier run: choosing it starts at once, offline. */
  readonly ready: boolean;
  /** Installs the provider's add-on when missing, then gives the `--llm` spec to start with. */
  prepare(): Promise<string | undefined>;
}

const PROVIDER = "llamacpp";

interface DownloadModule {
  readonly RECOMMENDED_LOCAL_MODEL: { name: string; uri: string; bytes: number };
  downloadFileName(source: unknown): string;
  parseModelSource(uri: string): { kind: string; path?: string };
}

/** The offer, shaped by what this installation already has; undefined when it cannot be made. */
export async function localModelOffer(host: HostContext): Promise<LocalModelOffer | undefined> {
  const specifier = BUILT_IN_PROVIDERS.get(PROVIDER);
  const addOn = specifier && ADD_ONS.get(specifier);
  if (!specifier) return undefined;
  const loaded = await loadDownloads(host);
  const prepare = async () => {
    let downloads = loaded;
    if (!downloads && addOn) {
      process.stdout.write(`Installing the local model provider (${addOn}) with npm…\n`);
      try {
        await addPlugin(addOn, host, (line) => process.stdout.write(`  ${terminalText(line)}\n`));
      } catch (error) {
        process.stderr.write(`langchain-mini: ${terminalText(describeThrown(error))}\n`);
        return undefined;
      }
      downloads = await loadDownloads(host);
    }
    return downloads && `${PROVIDER}:${downloads.RECOMMENDED_LOCAL_MODEL.uri}`;
  };
  if (!loaded) {
    return {
      what: `a small local model (first the llama.cpp add-on, ${addOn})`,
      ready: false,
      prepare,
    };
  }
  const model = loaded.RECOMMENDED_LOCAL_MODEL;
  const source = loaded.parseModelSource(model.uri);
  const file = source.kind === "file" ? (source.path ?? "") : loaded.downloadFileName(source);
  return {
    what: `${model.name}, ${formatBytes(model.bytes)}`,
    ready: existsSync(join(host.dataDirectory, "models", file)),
    prepare,
  };
}

/** The add-on's light download module, or undefined while the add-on is not installed. */
async function loadDownloads(host: HostContext): Promise<DownloadModule | undefined> {
  const addOn = ADD_ONS.get(BUILT_IN_PROVIDERS.get(PROVIDER) ?? "");
  const url = addOn && (await locateModule(`${addOn}/download`, "LLM provider", host));
  return url ? ((await import(url)) as DownloadModule) : undefined;
}
