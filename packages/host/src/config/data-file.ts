import { readTextFile, textFileProblem } from "@langchain-mini/core/files";

/** Far more than any of the data directory's settings files: one this big is not one. */
const LARGEST_FILE_BYTES = 1024 * 1024;

/** Read: its JSON; there but unusable: why, in a phrase; undefined: there is none. */
export type DataFile = { readonly json: unknown } | { readonly problem: string } | undefined;

/**
 * One of the data directory's JSON settings files (prices, trusted folders). A file that
 * is missing is no file; one that cannot be read or is not JSON is a problem the caller
 * warns about, never a failure of the run. Read only as a regular file: a FIFO there is
 * refused at once, never waited on.
 */
export async function readDataFile(path: string, shape: string): Promise<DataFile> {
  let text: string;
  try {
    text = await readTextFile(path, { regularOnly: true, limit: LARGEST_FILE_BYTES });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    if (code === "EFBIG") return { problem: `it is larger than 1 MB; write ${shape}` };
    if (code === "EISDIR" || code === "ENOTREG") return { problem: textFileProblem(error) };
    return { problem: `it cannot be read (${textFileProblem(error)})` };
  }
  try {
    return { json: JSON.parse(text) };
  } catch (error) {
    // JSON.parse quotes the text near its error, which may span lines.
    const why = (error as Error).message.replace(/\s+/g, " ");
    return { problem: `it is not JSON (${why}); write ${shape}` };
  }
}
