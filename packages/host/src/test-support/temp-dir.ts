import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A fresh directory under the system's temporary folder, for one test. */
export function tempDir() {
  return mkdtempSync(join(tmpdir(), "langchain-mini-host-test-"));
}
