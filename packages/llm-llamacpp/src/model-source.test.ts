import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isLangchainMiniError } from "@langchain-mini/core";
import { afterEach, describe, expect, it } from "vitest";
import type { DownloadProgress } from "./download-file.js";
import { type ResolveModelOptions, resolveModelSource } from "./model-source.js";
import { buildScriptModel, CALCULATOR_SCRIPT } from "./testing/index.js";
import {
  type ModelServer,
  type ModelServerOptions,
  startModelServer,
} from "./testing/model-server.js";

// About 220 KB: big enough to arrive in many chunks.
const MODEL = buildScriptModel(CALCULATOR_SCRIPT);
const HALF = 100_000;

let server: ModelServer | undefined;
afterEach(() => server?.close());

async function serve(options: Partial<ModelServerOptions> = {}) {
  server = await startModelServer({ files: { "/models/tiny.gguf": MODEL }, ...options });
  return server;
}

function setup(extra: Partial<ResolveModelOptions> = {}) {
  const progress: DownloadProgress[] = [];
  const options: ResolveModelOptions = {
    modelsDirectory: join(mkdtempSync(join(tmpdir(), "llamacpp-home-")), "models"),
    onProgress: (event) => progress.push(event),
    retryDelayMs: 5,
    ...extra,
  };
  return { options, progress };
}

/** Where a URL from the test server lands: named by host, port and file. */
function destinationFor(options: ResolveModelOptions, url: string) {
  return join(options.modelsDirectory, `127.0.0.1_${new URL(url).port}_tiny.gguf`);
}

const gets = (requests: ModelServer["requests"]) => requests.filter((r) => r.method === "GET");

describe("resolveModelSource", () => {
  it("downloads a URL into the models directory, reporting progress", async () => {
    // Paced, so the body arrives in several pieces.
    const { url } = await serve({ chunkDelayMs: 5 });
    const { options, progress } = setup();
    const resolved = await resolveModelSource(`${url}/models/tiny.gguf`, options);
    expect(resolved).toEqual({
      path: destinationFor(options, url),
      downloaded: true,
    });
    expect(readFileSync(resolved.path).equals(MODEL)).toBe(true);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.every((event) => event.total === MODEL.length)).toBe(true);
    const received = progress.map((event) => event.received);
    expect(received).toEqual([...received].sort((a, b) => a - b));
    expect(received.at(-1)).toBe(MODEL.length);
    expect(existsSync(`${resolved.path}.part`)).toBe(false);
  });

  it("resumes with a range request when the connection is cut", async () => {
    const { options, progress } = setup();
    const { url, requests } = await serve({
      cuts: 1,
      cutAfter: HALF,
      beforeCut: () => until(() => progress.some((event) => event.received > 0)),
    });
    const resolved = await resolveModelSource(`${url}/models/tiny.gguf`, options);
    expect(readFileSync(resolved.path).equals(MODEL)).toBe(true);
    const [first, second] = gets(requests);
    expect(first?.range).toBeUndefined();
    const resumedAt = Number(/bytes=(\d+)-/.exec(second?.range ?? "")?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(HALF);
    expect(progress.at(-1)).toMatchObject({ resumedFrom: resumedAt, received: MODEL.length });
  });

  it("resumes a download an earlier run left unfinished", async () => {
    const { url, requests } = await serve();
    const { options, progress } = setup();
    const destination = destinationFor(options, url);
    mkdirSync(options.modelsDirectory, { recursive: true });
    writeFileSync(`${destination}.part`, MODEL.subarray(0, HALF));
    await resolveModelSource(`${url}/models/tiny.gguf`, options);
    expect(gets(requests).map((request) => request.range)).toEqual([`bytes=${HALF}-`]);
    expect(progress[0]).toMatchObject({ received: HALF, resumedFrom: HALF });
    expect(readFileSync(destination).equals(MODEL)).toBe(true);
  });

  it("starts over when the server ignores the range", async () => {
    const { url } = await serve({ ignoreRanges: true, cuts: 1, cutAfter: HALF });
    const { options } = setup();
    const resolved = await resolveModelSource(`${url}/models/tiny.gguf`, options);
    expect(readFileSync(resolved.path).equals(MODEL)).toBe(true);
  });

  it("reuses a finished download without asking the server", async () => {
    const { url, requests } = await serve();
    const { options } = setup();
    const first = await resolveModelSource(`${url}/models/tiny.gguf`, options);
    const count = requests.length;
    const again = await resolveModelSource(`${url}/models/tiny.gguf`, options);
    expect(again).toEqual({ path: first.path, downloaded: false });
    expect(requests.length).toBe(count);
  });

  it("finds an hf: quantisation through the Hub API, with the token", async () => {
    const { url, requests } = await serve({
      files: { "/acme/tiny-GGUF/tiny-Q4_K_M.gguf": MODEL },
      repositories: {
        "acme/tiny-GGUF": ["README.md", "tiny-Q8_0.gguf", "tiny-Q4_K_M.gguf", "mmproj-Q4_K_M.gguf"],
      },
    });
    const { options } = setup({ huggingFace: { endpoint: url, token: "hf_secret" } });
    const resolved = await resolveModelSource("hf:acme/tiny-GGUF:Q4_K_M", options);
    expect(resolved.path).toBe(join(options.modelsDirectory, "hf_acme_tiny-GGUF_Q4_K_M.gguf"));
    expect(readFileSync(resolved.path).equals(MODEL)).toBe(true);
    expect(requests.map((request) => request.path)).toEqual([
      "/api/models/acme/tiny-GGUF/revision/main",
      "/acme/tiny-GGUF/resolve/main/tiny-Q4_K_M.gguf",
    ]);
    expect(requests.every((request) => request.authorization === "Bearer hf_secret")).toBe(true);
    // The next run knows the file by its name: no lookup, no download.
    await resolveModelSource("hf:acme/tiny-GGUF:Q4_K_M", options);
    expect(requests.length).toBe(2);
  });

  it("downloads an hf: file path directly", async () => {
    const { url } = await serve({ files: { "/acme/tiny-GGUF/sub/tiny.gguf": MODEL } });
    const { options } = setup({ huggingFace: { endpoint: url } });
    const resolved = await resolveModelSource("hf:acme/tiny-GGUF/sub/tiny.gguf", options);
    expect(resolved.path).toBe(join(options.modelsDirectory, "hf_acme_tiny-GGUF_tiny.gguf"));
  });

  it("lists the files when an hf: quantisation is missing", async () => {
    const { url } = await serve({ repositories: { "acme/tiny-GGUF": ["tiny-Q8_0.gguf"] } });
    const { options } = setup({ huggingFace: { endpoint: url } });
    const error = await resolveModelSource("hf:acme/tiny-GGUF:Q2_K", options).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe(
      "hf:acme/tiny-GGUF has no single-file Q2_K GGUF (files: tiny-Q8_0.gguf): pick one with hf:acme/tiny-GGUF/<file>.gguf",
    );
  });

  it("explains a missing file and a page that is not a model, leaving nothing behind", async () => {
    const page = new TextEncoder().encode("<!doctype html><p>Please sign in</p>");
    const { url } = await serve({ files: { "/login.gguf": page } });
    const { options } = setup();
    const missing = await resolveModelSource(`${url}/nope.gguf`, options).catch((e: unknown) => e);
    expect(isLangchainMiniError(missing) && missing.code).toBe("config_invalid");
    expect((missing as Error).message).toBe(
      `Cannot download ${url}/nope.gguf (HTTP 404): check the URL or hf: URI`,
    );
    const html = await resolveModelSource(`${url}/login.gguf`, options).catch((e: unknown) => e);
    expect((html as Error).message).toBe(
      `${url}/login.gguf did not send a GGUF model (it does not start with 'GGUF'): check the URL`,
    );
    expect(readdirSync(options.modelsDirectory)).toEqual([]);
  });

  it("stops on abort and keeps the part for next time", async () => {
    const { url } = await serve({ chunkDelayMs: 20 });
    const controller = new AbortController();
    const { options } = setup({
      signal: controller.signal,
      onProgress: (event) => {
        if (event.received >= 48 * 1024) controller.abort();
      },
    });
    const error = await resolveModelSource(`${url}/models/tiny.gguf`, options).catch(
      (e: unknown) => e,
    );
    expect(isLangchainMiniError(error) && error.code).toBe("aborted");
    expect(statSync(`${destinationFor(options, url)}.part`).size).toBeGreaterThanOrEqual(48 * 1024);
  });

  it("gives up after the retries with a message that says to run again", async () => {
    const { url } = await serve({ cuts: 10, cutAfter: 1000 });
    const { options } = setup({ retries: 1 });
    const error = await resolveModelSource(`${url}/models/tiny.gguf`, options).catch(
      (e: unknown) => e,
    );
    expect(isLangchainMiniError(error) && error.code).toBe("llm_connection");
    expect((error as Error).message).toMatch(/run again to resume$/);
  });
});

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
