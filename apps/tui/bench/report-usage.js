// Loaded with `node --import` into a benchmarked process: when it exits, its CPU time and
// peak memory go to the file named by BENCH_USAGE_FILE (stdout and stderr stay the CLI's).
import { writeFileSync } from "node:fs";

const file = process.env.BENCH_USAGE_FILE;
if (file) {
  process.on("exit", () => {
    const usage = process.resourceUsage();
    writeFileSync(
      file,
      JSON.stringify({
        cpuUs: usage.userCPUTime + usage.systemCPUTime,
        maxRssKb: usage.maxRSS,
      }),
    );
  });
}
