import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The packages a README tells a user to install: its first `npm install …` (or `npm i`,
 * `pnpm add`) line, flags such as `-g` left out. Undefined when it has none.
 */
export function readmeInstall(readme: string): string[] | undefined {
  const line = /^(?:npm install|npm i|pnpm add) (.+)$/m.exec(readme)?.[1];
  return line?.split(/\s+/).filter((word) => word !== "" && !word.startsWith("-"));
}

/**
 * A fresh project where npm finds this workspace's packages as if they were on the
 * registry: `overrides` point each name not installed directly at its tarball, so a
 * package the user did not name arrives only if a manifest asks for it.
 */
export function registryLikeProject(tarballs: ReadonlyMap<string, string>, named: string[]) {
  const project = mkdtempSync(join(tmpdir(), "langchain-mini-readme-install-"));
  const overrides = Object.fromEntries(
    [...tarballs]
      .filter(([name]) => !named.includes(name))
      .map(([name, file]) => [name, `file:${file}`]),
  );
  writeFileSync(
    join(project, "package.json"),
    `${JSON.stringify({ private: true, type: "module", overrides }, null, 2)}\n`,
  );
  return project;
}
