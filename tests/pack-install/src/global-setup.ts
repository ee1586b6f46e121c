import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { mustRun } from "./run-command.js";

/** One tarball `pnpm pack` made: what npm would download from the registry. */
export interface Packed {
  readonly name: string;
  readonly filename: string;
  readonly files: readonly { readonly path: string }[];
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Every workspace package under test, packed once for all test files. */
    readonly packed: readonly Packed[];
  }
}

const root = resolve(import.meta.dirname, "../../..");

/**
 * Packs the packages under test (this package's dev dependencies, so turbo builds them
 * first) with `pnpm pack`, which turns `workspace:^` into versions; the tarballs are
 * removed when the tests are done.
 */
export default async function setup(project: TestProject) {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../package.json"), "utf8"));
  const names = Object.keys(manifest.devDependencies as Record<string, string>);
  const destination = mkdtempSync(join(tmpdir(), "langchain-mini-packs-"));
  const filters = names.flatMap((name) => ["--filter", name]);
  const pack = await mustRun(
    "pnpm",
    ["-r", ...filters, "pack", "--pack-destination", destination, "--json"],
    { cwd: root },
  );
  // Each package's prepack banner comes first on stdout, then the JSON.
  const json = pack.stdout.slice(pack.stdout.search(/^\[/m));
  project.provide("packed", JSON.parse(json) as Packed[]);
  return () => rmSync(destination, { recursive: true, force: true });
}
