#!/usr/bin/env node
// `pnpm docs:sync`: the READMEs' usage blocks, rewritten from the built CLI's --help.
//
//   node scripts/docs-sync.js [--check] [file.md ...]   (default: the READMEs below)
//
// A block is a fenced code block whose line before is a comment naming the command that
// prints it, `<!-- langchain-mini ask --help -->`: the usage texts in apps/tui's commands
// are the one source, and a README only ever holds a copy of what --help prints. With
// --check nothing is written: each block that differs is named, and the exit status is 1.
// (apps/tui's help-docs test checks the same blocks in every test run.)
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { root } from "./workspace-packages.js";

const READMES = ["README.md", join("apps", "tui", "README.md")];
const CLI = join(root, "apps", "tui", "dist", "cli.js");
/** The comment before a block: the CLI's own help, nothing that could run a question. */
const MARKER = /^<!-- langchain-mini (?:([a-z]+) )?--help -->$/;

const args = process.argv.slice(2);
const check = args.includes("--check");
const files = args.filter((arg) => arg !== "--check");
const paths =
  files.length > 0 ? files.map((file) => resolve(file)) : READMES.map((file) => join(root, file));

if (!existsSync(CLI)) {
  fail(`no built CLI at ${relative(root, CLI)}: run pnpm docs:sync, which builds it first`);
}
const helpTexts = new Map();
let drifted = 0;
for (const path of paths) {
  let markdown;
  try {
    markdown = readFileSync(path, "utf8");
  } catch (error) {
    fail(`cannot read ${path}: ${error.message}`);
  }
  const lines = markdown.split("\n");
  const where = relative(process.cwd(), path) || path;
  const what = check ? "differs from what the CLI prints" : "rewritten from the CLI";
  let stale = 0;
  // Lines added (or removed) by the blocks rewritten above the current one.
  let shift = 0;
  for (const block of helpBlocks(lines, path)) {
    const help = helpText(block.command).split("\n");
    const [start, end] = [block.start + shift, block.end + shift];
    if (lines.slice(start, end).join("\n") === help.join("\n")) continue;
    stale++;
    process.stdout.write(`docs-sync: ${where}:${block.line + shift}: ${block.label}: ${what}\n`);
    if (check) continue;
    lines.splice(start, end - start, ...help);
    shift += help.length - (end - start);
  }
  drifted += stale;
  if (stale > 0 && !check) writeFileSync(path, lines.join("\n"));
}
if (check && drifted > 0) {
  process.stderr.write("docs-sync: run pnpm docs:sync to copy the CLI's --help into the READMEs\n");
  process.exit(1);
}
if (drifted === 0) process.stdout.write("docs-sync: every --help block is up to date\n");

/** The marked blocks of a README, in order: `start` and `end` delimit a block's body. */
function helpBlocks(lines, path) {
  const blocks = [];
  for (let index = 0; index < lines.length; index++) {
    const marker = MARKER.exec(lines[index]);
    if (!marker) continue;
    const label = lines[index].slice(5, -4);
    if (!/^```\w*$/.test(lines[index + 1] ?? "")) {
      fail(`${path}:${index + 1}: "${label}" is not followed by a code block (\`\`\`)`);
    }
    const end = lines.indexOf("```", index + 2);
    if (end === -1) fail(`${path}:${index + 2}: the code block of "${label}" never ends`);
    blocks.push({ command: marker[1], label, line: index + 1, start: index + 2, end });
    index = end;
  }
  return blocks;
}

/** What `langchain-mini [command] --help` prints, without its last line break. */
function helpText(command) {
  const key = command ?? "";
  if (!helpTexts.has(key)) {
    const result = spawnSync(process.execPath, [CLI, ...(command ? [command] : []), "--help"], {
      encoding: "utf8",
      // The help must not depend on who runs it: no keys, no settings.
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
    });
    if (result.status !== 0) {
      fail(`langchain-mini ${key} --help exited ${result.status}: ${result.stderr.trim()}`);
    }
    helpTexts.set(key, result.stdout.replace(/\n$/, ""));
  }
  return helpTexts.get(key);
}

function fail(message) {
  process.stderr.write(`docs-sync: ${message}\n`);
  process.exit(2);
}
