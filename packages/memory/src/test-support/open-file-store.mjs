// The file store as the contract's process checks open it in a child process.
import { FileSessionStore } from "../../dist/index.js";

export function open(directory) {
  return new FileSessionStore({ directory });
}
