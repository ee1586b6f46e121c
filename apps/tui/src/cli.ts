#!/usr/bin/env node
// The bin's first module. npm only warns about `engines`, so a user on an older Node gets
// here after a plain `npm install -g`: this file says so in one line, before anything that
// needs Node 22 (the compile cache, Ink) is loaded. It imports nothing statically and uses
// only syntax that old Node versions parse, so that it runs on them.
const major = parseInt(process.versions.node, 10);
if (major < 22) {
  process.stderr.write(`langchain-mini needs Node.js 22 or newer (this is ${process.version})\n`);
  process.exitCode = 2;
} else {
  // Node's on-disk compile cache (the temp directory, or NODE_COMPILE_CACHE), on before
  // anything else is compiled: later starts skip parsing, about 3 ms for ask and a third
  // of Ink, React and Yoga's load for the UI.
  import("node:module").then((nodeModule) => {
    if (nodeModule.enableCompileCache) nodeModule.enableCompileCache();
    return import("./main.js");
  });
}
