// A child process for the tests that need another process's limits or user: one store call
// through the built store, its outcome printed as one JSON line (`run-*`: on its journals,
// the session argument being the run id).
import { FileSessionStore } from "../../dist/index.js";

const [directory, action, session, size] = process.argv.slice(2);
const store = new FileSessionStore({ directory });
const calls = new Map([
  [
    "append",
    () =>
      store.append(session, {
        type: "turn",
        question: `${size} characters`,
        answer: "x".repeat(Number(size)),
        at: new Date().toISOString(),
      }),
  ],
  ["list", () => store.list()],
  ["clear", () => store.clear(session)],
  ["run-load", () => store.runs.load(session)],
  ["run-list", () => store.runs.list()],
  ["run-delete", () => store.runs.delete(session)],
]);
try {
  const value = await calls.get(action)();
  process.stdout.write(`${JSON.stringify({ ok: true, value })}\n`);
} catch (error) {
  process.stdout.write(
    `${JSON.stringify({ ok: false, code: error.code, message: error.message })}\n`,
  );
}
