#!/usr/bin/env node
// The `prepack` of every published package. npm packs and publishes the `workspace:^`
// ranges of this workspace as they are, and no npm can install such a tarball; pnpm
// replaces them with version ranges. So packing with anything but pnpm stops here.
// (Both variables come from the package manager running this script.)
const { npm_config_user_agent: agent = "", npm_package_name: name = "this package" } = process.env;
if (!agent.startsWith("pnpm/")) {
  process.stderr.write(
    `${name}: pack and publish with pnpm (pnpm pack, or pnpm release: see CONTRIBUTING.md); npm would ship 'workspace:' dependencies that no npm can install\n`,
  );
  process.exit(1);
}
