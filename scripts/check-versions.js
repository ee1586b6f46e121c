#!/usr/bin/env node
// `pnpm versions`, part of `pnpm test`: the published packages carry one version and ship
// ranges that find each other.
//
// They are released together (the fixed group in .changeset/config.json), so the CLI, the
// plug-ins it loads and the core they share always match: in 0.x a caret range accepts
// only its own minor (and `^0.0.0` only 0.0.0 itself), so a package left behind at
// another version is a package the others cannot install with. Each rule below names what
// to change, one line per problem.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { root, workspacePackages } from "./workspace-packages.js";

/** The fields npm installs from; devDependencies stay in the workspace. */
const SHIPPED = ["dependencies", "peerDependencies", "optionalDependencies"];

const workspace = workspacePackages();
const published = workspace.filter((found) => found.manifest.private !== true);
const byName = new Map(workspace.map((found) => [found.manifest.name, found]));
const problems = [...versionProblems(), ...fixedGroupProblems(), ...rangeProblems()];

if (problems.length > 0) {
  for (const problem of problems) process.stderr.write(`versions: ${problem}\n`);
  process.stderr.write(
    `versions: ${problems.length === 1 ? "1 problem" : `${problems.length} problems`} (see "Releasing" in CONTRIBUTING.md)\n`,
  );
  process.exit(1);
}
process.stdout.write(
  `versions: ${published.length} published packages at ${published[0]?.manifest.version}, their ranges in line\n`,
);

function versionProblems() {
  const counts = new Map();
  for (const { manifest } of published) {
    counts.set(manifest.version, (counts.get(manifest.version) ?? 0) + 1);
  }
  const [common] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  return published
    .filter(({ manifest }) => manifest.version !== common)
    .map(
      ({ manifest, path }) =>
        `${manifest.name} is at ${manifest.version}, the other published packages at ${common}: set "version" in ${path} to ${common} (they are released together)`,
    );
}

function fixedGroupProblems() {
  const path = join(".changeset", "config.json");
  const fixed = JSON.parse(readFileSync(join(root, path), "utf8")).fixed ?? [];
  const [group = []] = fixed;
  const names = published.map(({ manifest }) => manifest.name);
  return [
    ...names
      .filter((name) => !group.includes(name))
      .map((name) => `${name} is published but not in the fixed group of ${path}: add it`),
    ...group
      .filter((name) => !names.includes(name))
      .map(
        (name) => `${path} lists ${name} in its fixed group, but no published package is named so`,
      ),
    ...(fixed.length > 1 ? [`${path} has ${fixed.length} fixed groups: keep one`] : []),
  ];
}

function rangeProblems() {
  return published.flatMap(({ manifest, path }) =>
    SHIPPED.flatMap((field) =>
      Object.entries(manifest[field] ?? {})
        .filter(([name]) => byName.has(name))
        .flatMap(([name, range]) => {
          const where = `${manifest.name} (${path}) ${field}.${name}`;
          if (byName.get(name).manifest.private === true) {
            return [`${where}: ${name} is private, so no npm can install ${manifest.name}`];
          }
          // pnpm packs workspace:^ as ^<the version>: always the one released with it.
          return range === "workspace:^" ? [] : [`${where} is "${range}": write "workspace:^"`];
        }),
    ),
  );
}
