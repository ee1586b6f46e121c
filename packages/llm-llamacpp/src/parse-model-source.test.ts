import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { downloadFileName, parseModelSource } from "./model-source.js";
import { RECOMMENDED_LOCAL_MODEL } from "./recommended-model.js";

describe("parseModelSource", () => {
  it("takes paths as files, expanding a leading ~/ that no shell expanded", () => {
    expect(parseModelSource("./models/x.gguf")).toEqual({ kind: "file", path: "./models/x.gguf" });
    expect(parseModelSource("~/m.gguf")).toEqual({ kind: "file", path: join(homedir(), "m.gguf") });
  });

  it("reads the hf: forms, with the quantisation defaulting to Q4_K_M", () => {
    expect(parseModelSource("hf:acme/tiny-GGUF")).toEqual({
      kind: "hugging-face",
      uri: { repository: "acme/tiny-GGUF", quant: "Q4_K_M", revision: "main" },
    });
    expect(parseModelSource("hf:acme/tiny-GGUF/q/tiny.gguf#v2")).toEqual({
      kind: "hugging-face",
      uri: { repository: "acme/tiny-GGUF", file: "q/tiny.gguf", revision: "v2" },
    });
  });

  it("rejects an hf: URI it cannot read, showing the forms it takes", () => {
    expect(() => parseModelSource("hf:just-a-name")).toThrow(
      "Cannot read the model URI 'hf:just-a-name': use hf:<user>/<repo>:<quant> (e.g. hf:Qwen/Qwen2.5-1.5B-Instruct-GGUF:Q4_K_M) or hf:<user>/<repo>/<file>.gguf",
    );
  });
});

describe("downloadFileName", () => {
  it("names downloads so that the next run finds them without the network", () => {
    const source = parseModelSource(RECOMMENDED_LOCAL_MODEL.uri);
    if (source.kind === "file") throw new Error("expected a download");
    expect(downloadFileName(source)).toBe(
      "hf_Qwen_Qwen2.5-1.5B-Instruct-GGUF_qwen2.5-1.5b-instruct-q4_k_m.gguf",
    );
    expect(downloadFileName({ kind: "url", url: "https://example.com:8443/a/b/model?x=1" })).toBe(
      "example.com_8443_model.gguf",
    );
  });
});
