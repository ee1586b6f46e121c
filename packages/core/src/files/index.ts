// Reading and writing files a user names, bounded and safe on any file type.
// `@langchain-mini/core/files`.
export { makeDirectory } from "./make-directory.js";
export {
  readTextFile,
  TEXT_FILE_LIMIT,
  type TextFileOptions,
  textFileProblem,
} from "./read-text-file.js";
