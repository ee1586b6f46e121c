// What `npm install -g langchain-mini` puts on disk: the CLI's tarball and the tarballs of
// the packages of ours it depends on (packed as pnpm publishes them), installed with
// plain npm into a prefix of its own (third-party packages from the registry or npm's
// cache), then counted as `du` counts: blocks on disk. Add-ons are not part of it.
import { spawnSync } from "node:child_process";
import { lstatSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root, workspacePackages } from "../../../scripts/workspace-packages.js";

const work = mkdtempSync(join(tmpdir(), "langchain-mini-install-size-"));

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr || result.error}`);
  }
  return result.stdout;
}

/** The folder of the package of ours named, and of each of ours it depends on; the package first. */
function ours(name) {
  const manifests = new Map(
    workspacePackages().map(({ directory, manifest }) => [manifest.name, { directory, manifest }]),
  );
  const needed = [name];
  for (const each of needed) {
    for (const dependency of Object.keys(manifests.get(each).manifest.dependencies ?? {})) {
      if (manifests.has(dependency) && !needed.includes(dependency)) needed.push(dependency);
    }
  }
  return needed.map((each) => join(root, manifests.get(each).directory));
}

function diskUsage(path) {
  const stats = lstatSync(path);
  if (!stats.isDirectory()) return stats.blocks * 512;
  return readdirSync(path).reduce(
    (sum, entry) => sum + diskUsage(join(path, entry)),
    stats.blocks * 512,
  );
}

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1).padStart(5)} MB`;

try {
  const tarballs = ours("langchain-mini").map((directory) => {
    const packed = JSON.parse(
      run("pnpm", ["pack", "--pack-destination", work, "--json"], directory).replace(/^[^{]*/s, ""),
    );
    return packed.filename;
  });
  const prefix = join(work, "global");
  run(
    "npm",
    [
      "install",
      "-g",
      "--prefix",
      prefix,
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      ...tarballs,
    ],
    work,
  );
  const modules = join(prefix, "lib", "node_modules");
  const cli = join(modules, "langchain-mini");
  const total = diskUsage(prefix);
  const bundle = diskUsage(join(cli, "dist"));
  const core = diskUsage(join(modules, "@langchain-mini"));
  console.log(
    "install: npm install -g of the packed CLI, add-ons excluded (on disk, as du counts)",
  );
  console.log(`  everything                          ${mb(total)}`);
  console.log(`  the bundle (dist/)                  ${mb(bundle)}`);
  console.log(`  core and prompts, for plug-ins      ${mb(core)}`);
  console.log(`  the rest (string-width, bin links)  ${mb(total - bundle - core)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
