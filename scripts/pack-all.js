#!/usr/bin/env node
// `pnpm pack:all [directory]`: every published package as the tarball npm would download
// from the registry, built and packed into one folder (default: packs/ at the root), to
// install and try elsewhere without publishing. Private packages (examples/, tests/) are
// left out. `pnpm pack` turns `workspace:^` into the version ranges npm can install.
//
// It ends with the npm command that installs the CLI from these tarballs: the CLI and
// every package of ours it depends on are named together, as none comes from a registry.
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { root, workspacePackages } from "./workspace-packages.js";

const CLI = "langchain-mini";
/** What npm installs with a package; devDependencies stay in the workspace. */
const SHIPPED = ["dependencies", "peerDependencies", "optionalDependencies"];

const [given, ...extra] = process.argv.slice(2);
if (extra.length > 0 || given?.startsWith("-")) {
  process.stderr.write("pack:all: usage: pnpm pack:all [directory] (default: packs)\n");
  process.exit(2);
}
// biome-ignore lint/suspicious/noUndeclaredEnvVars: not a turbo task; pnpm sets INIT_CWD to where the user ran pnpm pack:all, which a relative directory is relative to
const destination = given ? resolve(process.env.INIT_CWD ?? "", given) : join(root, "packs");
const published = workspacePackages()
  .map(({ manifest }) => manifest)
  .filter((manifest) => manifest.private !== true);
const names = published.map((manifest) => manifest.name);

try {
  mkdirSync(destination, { recursive: true });
} catch (error) {
  fail(`cannot make ${destination}: ${error.message}`);
}
const filters = names.flatMap((name) => ["--filter", name]);
run(join(root, "node_modules", ".bin", "turbo"), [
  "run",
  "build",
  ...filters,
  "--output-logs=errors-only",
]);
const packed = run("pnpm", ["-r", ...filters, "pack", "--pack-destination", destination, "--json"]);
// pnpm prints each package's prepack line before the JSON.
const tarballs = JSON.parse(packed.slice(packed.search(/^\[/m)));
const fileOf = new Map(tarballs.map((tarball) => [tarball.name, tarball.filename]));

process.stdout.write(`Packed ${tarballs.length} packages into ${destination}:\n`);
for (const { filename } of tarballs) process.stdout.write(`  ${filename}\n`);
const needed = closure(CLI);
const addOn = names.find((name) => !needed.includes(name));
process.stdout.write(
  [
    "Install the CLI from them (the packages of ours it needs from these tarballs, the rest from the registry):",
    `  npm install -g ${needed.map((name) => shellWord(fileOf.get(name))).join(" ")}`,
    `  ${CLI} --version`,
    `(Without -g, in a folder of your own: npx ${CLI} --version.)`,
    ...(addOn
      ? [`Add-ons from their tarballs: ${CLI} plugins add ${shellWord(fileOf.get(addOn))}`]
      : []),
    "",
  ].join("\n"),
);

/** A package and every package of ours it needs installed beside it, the package first. */
function closure(name) {
  const needed = [name];
  for (const each of needed) {
    const manifest = published.find((found) => found.name === each);
    for (const field of SHIPPED) {
      for (const dependency of Object.keys(manifest?.[field] ?? {})) {
        if (names.includes(dependency) && !needed.includes(dependency)) needed.push(dependency);
      }
    }
  }
  return needed;
}

/** Runs a command from the root, its output shown only if it fails; returns its stdout. */
function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8" });
  if (result.error) fail(`cannot run ${command}: ${result.error.message} (run pnpm install first)`);
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}${result.stderr}`);
    fail(`${command} ${args.slice(0, 2).join(" ")} … exited ${result.status} (see above)`);
  }
  return result.stdout;
}

/** A path as a shell reads it back: quoted if it holds a space or another special character. */
function shellWord(path) {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}

function fail(message) {
  process.stderr.write(`pack:all: ${message}\n`);
  process.exit(2);
}
