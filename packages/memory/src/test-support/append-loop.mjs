// A child process for the crash and concurrency tests: appends `count` turns to one
// session through the built store, each `size` characters long.
import { FileSessionStore } from "../../dist/index.js";

const [directory, session, label, count, size] = process.argv.slice(2);
const store = new FileSessionStore({ directory });
const padding = "x".repeat(Number(size));
process.send?.("ready");
for (let index = 0; index < Number(count); index++) {
  await store.append(session, {
    type: "turn",
    question: `${label} ${index}`,
    answer: padding,
    at: new Date().toISOString(),
  });
}
