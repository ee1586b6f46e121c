#!/usr/bin/env node
// The workspace's build, checks and tests, as `pnpm test` (and so `./dev test` and CI) run them.
//
// Two turbo runs: first everything that can share the machine, then, one package at a
// time, the tests that drive real terminals (tmux) or pack and install every package, so
// that a busy machine starves neither. A failed task does not stop the others
// (`--continue`), and a failed run ends with the names of the failed tests, read from the
// JSON reports that vitest.shared.ts has every package write: the last lines of a red run
// say what broke, not only that some packages stopped.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dirname, "..");
const PHASES = [
  ["run", "build", "typecheck", "test", "lint:package", "--continue=dependencies-successful"],
  ["run", "test:serial", "--concurrency=1", "--continue=dependencies-successful"],
];

const started = Date.now();
for (const args of PHASES) {
  const { status, error } = spawnSync("turbo", args, { cwd: root, stdio: "inherit" });
  if (error) {
    process.stderr.write(`test: could not run turbo (${error.message}): run pnpm install first\n`);
    process.exit(2);
  }
  if (status !== 0) {
    printFailures(failedTests(started));
    process.exit(status ?? 1);
  }
}

/** Failed tests from the reports written since `since` (a cached task writes none). */
function failedTests(since) {
  const failures = [];
  for (const directory of workspaceDirectories()) {
    const reports = join(directory, "node_modules", ".vitest");
    if (!existsSync(reports)) continue;
    for (const name of readdirSync(reports)) {
      const path = join(reports, name);
      if (!name.endsWith(".json") || statSync(path).mtimeMs < since) continue;
      failures.push(...failuresIn(JSON.parse(readFileSync(path, "utf8")), directory));
    }
  }
  return failures;
}

function failuresIn(report, directory) {
  const failures = [];
  for (const file of report.testResults ?? []) {
    const where = relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed) {
      failures.push({ where: `${where} > ${test.fullName}`, why: test.failureMessages?.[0] });
    }
    // A file that failed before or around its tests (an import, a hook) has no failed test.
    if (failed.length === 0 && file.status === "failed") {
      failures.push({ where, why: file.message || `failed in ${relative(root, directory)}` });
    }
  }
  return failures;
}

function workspaceDirectories() {
  return ["packages", "apps", "examples", "tests"].flatMap((folder) =>
    existsSync(join(root, folder))
      ? readdirSync(join(root, folder)).map((name) => join(root, folder, name))
      : [],
  );
}

function printFailures(failures) {
  if (failures.length === 0) {
    process.stderr.write(
      "\nNo test report names a failure: the failed task is on turbo's 'Failed:' line above.\n",
    );
    return;
  }
  process.stderr.write(
    `\n${failures.length === 1 ? "1 test" : `${failures.length} tests`} failed:\n`,
  );
  for (const { where, why } of failures) {
    const reason = String(why ?? "")
      .split("\n")
      .find((line) => line.trim() !== "");
    process.stderr.write(
      `  FAIL ${where}${reason ? `\n       ${reason.trim().slice(0, 300)}` : ""}\n`,
    );
  }
}
