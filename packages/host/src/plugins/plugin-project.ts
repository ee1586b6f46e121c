import { realpathSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { makeDirectory, readTextFile, textFileProblem } from "@langchain-mini/core/files";
import { usageError } from "../config/usage-error.js";

/**
 * Plug-ins declare core as a peer dependency. They must share this app's copy (one
 * module instance; and core need not be on the registry the user's npm reads), so the
 * plug-in project depends on it as a link, and npm never fetches it.
 */
const SHARED = "@langchain-mini/core";

type Dependencies = Readonly<Record<string, string>>;

/** Far larger than any package.json of a plug-in list. */
const LARGEST_MANIFEST_BYTES = 4 * 1024 * 1024;

/** The plug-ins installed with `plugins add`: the plug-in project's dependencies. */
export async function installedNames(home: string): Promise<string[]> {
  return Object.keys(await dependenciesOf(home))
    .filter((name) => name !== SHARED)
    .sort();
}

export async function dependenciesOf(home: string): Promise<Dependencies> {
  return (await readManifest(home))?.dependencies ?? {};
}

/**
 * The npm project `plugins add` installs into, of its own so that plug-ins never mix
 * with the user's projects; it links the core of the app that runs now (after an update
 * or a move, the new one).
 */
export async function preparePluginProject(home: string) {
  try {
    makeDirectory(home);
  } catch (error) {
    throw usageError(
      `Cannot make the plug-in folder ${home} (${(error as Error).message}): check that LANGCHAIN_MINI_HOME (or the default data directory) is a writable directory`,
    );
  }
  const manifest = (await readManifest(home)) ?? {
    name: "langchain-mini-plugins",
    private: true,
    type: "module",
  };
  const dependencies = { ...manifest.dependencies, [SHARED]: `file:${sharedCore()}` };
  await writeFile(
    manifestPath(home),
    `${JSON.stringify({ ...manifest, dependencies }, null, 2)}\n`,
  );
}

/**
 * The package `npm install <target>` added (or, when it was there already, the one
 * installed from the same source).
 */
export async function addedPackage(before: Dependencies, home: string, target: string) {
  const after = await dependenciesOf(home);
  const names = Object.keys(after).filter((name) => name !== SHARED);
  return (
    names.find((name) => !Object.hasOwn(before, name) || before[name] !== after[name]) ??
    names.find((name) => {
      const spec = after[name] ?? "";
      if (spec.startsWith("file:")) return resolve(home, spec.slice("file:".length)) === target;
      return name === target || target.startsWith(`${name}@`);
    })
  );
}

/** The version an installed plug-in's package.json gives; "?" when it cannot be read. */
export async function installedVersion(home: string, name: string) {
  try {
    const manifest = await readTextFile(join(home, "node_modules", name, "package.json"), {
      regularOnly: true,
      limit: LARGEST_MANIFEST_BYTES,
    });
    return String(JSON.parse(manifest).version ?? "?");
  } catch {
    return "?";
  }
}

function sharedCore() {
  const manifest = fileURLToPath(import.meta.resolve(`${SHARED}/package.json`));
  return realpathSync(dirname(manifest));
}

type Manifest = { readonly dependencies?: Dependencies } & Record<string, unknown>;

/** Undefined when there is none yet; a file that is not a manifest is left for the user. */
async function readManifest(home: string): Promise<Manifest | undefined> {
  let text: string;
  try {
    // Never waited on: a FIFO there is refused at once.
    text = await readTextFile(manifestPath(home), {
      regularOnly: true,
      limit: LARGEST_MANIFEST_BYTES,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw usageError(
      `Cannot read ${manifestPath(home)} (${textFileProblem(error)}): fix it, or move it away to start a new plug-in list`,
    );
  }
  try {
    const manifest: unknown = JSON.parse(text);
    if (typeof manifest === "object" && manifest !== null && !Array.isArray(manifest)) {
      return manifest as Manifest;
    }
  } catch {
    // Said below, in the same words.
  }
  throw usageError(
    `${manifestPath(home)} is not an npm package.json: fix it, or move it away to start a new plug-in list`,
  );
}

const manifestPath = (home: string) => join(home, "package.json");
