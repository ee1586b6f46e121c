import { spawn } from "node:child_process";

export interface CommandResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The environment of a user's shell: pnpm's own npm_* variables (set because the test runs
 * under `pnpm test`) would reach npm as unknown configuration, so they are left out.
 */
export function userEnv(extra: Record<string, string> = {}) {
  const kept = Object.entries(process.env).filter(
    ([name]) =>
      !/^(npm|pnpm)_/i.test(name) || /^npm_config_(registry|cache|userconfig)$/i.test(name),
  );
  return { ...Object.fromEntries(kept), ...extra } as Record<string, string>;
}

/** Runs a command to the end; a command that cannot start rejects. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly env?: Record<string, string> },
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? userEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** Like runCommand, but a non-zero exit is an error that shows what the command printed. */
export async function mustRun(
  command: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly env?: Record<string, string> },
) {
  const result = await runCommand(command, args, options);
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} exited ${result.status}:\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result;
}

/** `npm install` in `directory`, as a user runs it; an unreachable registry fails fast. */
export function npmInstall(directory: string, args: readonly string[]) {
  // --prefer-offline: what npm has cached, it takes without asking the registry again.
  const install = ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];
  // npm's default is to wait minutes per request.
  const network = ["--fetch-timeout=30000", "--fetch-retries=1"];
  return mustRun("npm", [...install, ...network, ...args], { cwd: directory });
}
