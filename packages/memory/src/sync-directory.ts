import { open } from "node:fs/promises";

/** Makes a folder's entries durable: a new file's name lives in its folder, not in the file. */
export async function syncDirectory(directory: string) {
  try {
    const handle = await open(directory, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some platforms cannot open or sync a directory; the file itself is already synced.
  }
}
