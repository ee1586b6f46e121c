import { describe, expect, it } from "vitest";
import { createDownloadProgress } from "./download-progress.js";

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  const stream = { isTTY, write: (text: string) => writes.push(text) > 0 };
  return { stream: stream as unknown as NodeJS.WriteStream, writes };
}

const url = "https://example.com/models/tiny-Q4_K_M.gguf";

describe("createDownloadProgress", () => {
  it("redraws one bar in place on a terminal", () => {
    const { stream, writes } = fakeStream(true);
    const progress = createDownloadProgress(stream);
    progress.report({ label: url, done: 0, total: 2_000_000_000, resumedFrom: 0, unit: "bytes" });
    progress.report({
      label: url,
      done: 2_000_000_000,
      total: 2_000_000_000,
      resumedFrom: 0,
      unit: "bytes",
    });
    progress.finish();
    expect(writes[0]).toBe("Downloading tiny-Q4_K_M.gguf (2.00 GB)\n");
    expect(writes[1]).toMatch(/^\r {2}\[-{24}\] {3}0% {2}0 B \/ 2\.00 GB/);
    expect(writes[2]).toMatch(/^\r {2}\[#{24}\] 100% {2}2\.00 GB \/ 2\.00 GB {2}.+\/s\u001b\[K$/);
    expect(writes.slice(3, 4)).toEqual(["\n"]);
    expect(writes[4]).toMatch(/^Downloaded tiny-Q4_K_M\.gguf: 2\.00 GB in \d+\.\d s\n$/);
  });

  it("writes only a start and an end line when piped, naming a resumed download", () => {
    const { stream, writes } = fakeStream(false);
    const progress = createDownloadProgress(stream);
    progress.report({
      label: url,
      done: 500_000,
      total: 1_000_000,
      resumedFrom: 500_000,
      unit: "bytes",
    });
    progress.report({
      label: url,
      done: 1_000_000,
      total: 1_000_000,
      resumedFrom: 500_000,
      unit: "bytes",
    });
    progress.finish();
    expect(writes).toHaveLength(2);
    expect(writes[0]).toBe("Downloading tiny-Q4_K_M.gguf (1.0 MB, resuming at 500 kB)\n");
  });

  it("says nothing more when the download failed part way", () => {
    const { stream, writes } = fakeStream(false);
    const progress = createDownloadProgress(stream);
    progress.report({ label: url, done: 10, total: 1_000_000, resumedFrom: 0, unit: "bytes" });
    progress.finish();
    expect(writes).toEqual(["Downloading tiny-Q4_K_M.gguf (1.0 MB)\n"]);
  });
});
