import { describe, expect, it } from "vitest";
import { KEYS, renderUi } from "../../test-support/render-ui.js";
import { DownloadScreen } from "./download-screen.js";
import { SetupScreen } from "./setup-screen.js";

const url = "https://huggingface.co/acme/tiny-GGUF/resolve/main/tiny-Q4_K_M.gguf";

describe("DownloadScreen", () => {
  it("shows the file, a bar with the share done, and how to stop", async () => {
    const ui = await renderUi(
      <DownloadScreen
        name="tiny-Q4_K_M.gguf"
        progress={{
          label: url,
          done: 560_000_000,
          total: 1_120_000_000,
          resumedFrom: 0,
          unit: "bytes" as const,
        }}
        elapsedMs={10_000}
        onCancel={() => {}}
      />,
    );
    const frame = ui.frame();
    expect(frame).toContain("Downloading tiny-Q4_K_M.gguf");
    expect(frame).toContain("[############------------]  50%  560.0 MB / 1.12 GB  56.0 MB/s");
    expect(frame).toContain("Esc stops; the next start resumes where this one stopped.");
    expect(frame).not.toContain("resumed");
  });

  it("says where a resumed download picked up, and when it is done", async () => {
    const progress = {
      label: url,
      done: 1_000,
      total: 1_000,
      resumedFrom: 400,
      unit: "bytes" as const,
    };
    const ui = await renderUi(
      <DownloadScreen
        name="t.gguf"
        progress={progress}
        elapsedMs={2_000}
        done
        onCancel={() => {}}
      />,
    );
    expect(ui.frame()).toContain("resumed at 400 B from an earlier download");
    expect(ui.frame()).toContain("Downloaded in 2.0 s; next time it starts at once.");
  });

  it("stops on Esc and on Ctrl+C", async () => {
    let cancels = 0;
    const ui = await renderUi(
      <DownloadScreen
        name="t.gguf"
        progress={{ label: url, done: 1, total: 10, resumedFrom: 0, unit: "bytes" as const }}
        elapsedMs={1}
        onCancel={() => {
          cancels += 1;
        }}
      />,
    );
    await ui.press(KEYS.escape);
    await ui.press(KEYS.ctrlC);
    expect(cancels).toBe(2);
  });
});

describe("SetupScreen with a local model on offer", () => {
  const what = "Tiny (Q4_K_M), 1.12 GB";

  it("states the model and its size, and that D takes it", async () => {
    const frame = (
      await renderUi(
        <SetupScreen reason="No LLM is configured." settings={[]} offer={{ what, ready: false }} />,
      )
    ).frame();
    expect(frame).toContain(
      "Press D to download Tiny (Q4_K_M), 1.12 GB, and run it here: offline, no key",
    );
    expect(frame).toContain("Press any other key to quit.");
  });

  it("says when the model was downloaded before", async () => {
    const frame = (
      await renderUi(
        <SetupScreen reason="No LLM is configured." settings={[]} offer={{ what, ready: true }} />,
      )
    ).frame();
    expect(frame).toContain("Press D to start now with Tiny (Q4_K_M), 1.12 GB, downloaded before");
  });
});
