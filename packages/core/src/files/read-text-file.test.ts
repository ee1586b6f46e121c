import { execFileSync, spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readTextFile, textFileProblem } from "./read-text-file.js";

const directory = mkdtempSync(join(tmpdir(), "read-text-file-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("readTextFile", () => {
  it("reads a file, and says in a few words why it cannot read another", async () => {
    const path = join(directory, "a.txt");
    writeFileSync(path, "héllo\n");
    expect(await readTextFile(path)).toBe("héllo\n");
    const problems = [];
    for (const other of [join(directory, "nope"), directory, "/dev/null"]) {
      problems.push(await readTextFile(other).then(() => "read", textFileProblem));
    }
    expect(problems).toEqual([
      "no such file",
      "it is a folder",
      "it is not a regular file (a device or socket)",
    ]);
    writeFileSync(join(directory, "big.txt"), "x".repeat(2048));
    await expect(readTextFile(join(directory, "big.txt"), { limit: 1024 })).rejects.toMatchObject({
      code: "EFBIG",
    });
  });

  it("reads a FIFO as it is written, waiting for a writer that comes later", async () => {
    const fifo = join(directory, "later.fifo");
    execFileSync("mkfifo", [fifo]);
    const reading = readTextFile(fifo);
    // The writer opens only once the read is under way (open blocks until a reader exists).
    const writer = openSync(fifo, "w");
    writeSync(writer, "first ");
    writeSync(writer, "second");
    closeSync(writer);
    expect(await reading).toBe("first second");
  }, 30_000);

  it("refuses a FIFO at once when asked to read regular files only", async () => {
    const fifo = join(directory, "refused.fifo");
    execFileSync("mkfifo", [fifo]);
    const refused = await readTextFile(fifo, { regularOnly: true }).then(
      () => "read",
      (error: unknown) => [(error as NodeJS.ErrnoException).code, textFileProblem(error)],
    );
    expect(refused).toEqual(["ENOTREG", "it is a FIFO, not a regular file"]);
    const path = join(directory, "regular.txt");
    writeFileSync(path, "plain");
    expect(await readTextFile(path, { regularOnly: true })).toBe("plain");
  });

  it("stops at the limit when a FIFO never ends", async () => {
    const fifo = join(directory, "endless.fifo");
    execFileSync("mkfifo", [fifo]);
    const reading = readTextFile(fifo, { limit: 64 * 1024 });
    const yes = spawn("sh", ["-c", `exec yes > '${fifo}'`], { stdio: "ignore" });
    await expect(reading).rejects.toMatchObject({ code: "EFBIG" });
    yes.kill();
  }, 30_000);

  it("stops waiting on a FIFO with no writer when its signal aborts", async () => {
    const fifo = join(directory, "aborted.fifo");
    execFileSync("mkfifo", [fifo]);
    const controller = new AbortController();
    const reading = readTextFile(fifo, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(reading).rejects.toMatchObject({ code: "aborted" });
  }, 30_000);

  it("leaves the process free to end on a signal while a FIFO has no writer", async () => {
    const fifo = join(directory, "silent.fifo");
    execFileSync("mkfifo", [fifo]);
    const script = `import { readTextFile } from ${JSON.stringify(new URL("../../dist/files/index.js", import.meta.url).href)};
process.on("SIGTERM", () => process.exit(143));
process.send("reading");
await readTextFile(${JSON.stringify(fifo)});`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    await new Promise((resolve) => child.once("message", resolve));
    child.kill("SIGTERM");
    const [status] = await new Promise<[number | null]>((resolve) =>
      child.once("exit", (code) => resolve([code])),
    );
    expect(status).toBe(143);
  }, 30_000);
});
