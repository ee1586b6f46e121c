import { readdir, readFile } from "node:fs/promises";
import type { Hono } from "hono";

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
};

/** The page's folder: beside this module in the workspace, in dist/ once bundled and built. */
const PAGE_FOLDER = new URL("./page/", import.meta.url);

/**
 * The web page at `/`: its few files, read once, served by name from a fixed list (no
 * path from the request ever reaches the file system). No token is needed for the page
 * itself: it asks for one when the API answers 401.
 */
export function pageRoutes(app: Hono) {
  let files: Promise<Map<string, string>> | undefined;
  const serveFile = async (name: string) => {
    files ??= readPage();
    const text = (await files).get(name);
    if (text === undefined) return undefined;
    const type = TYPES[name.slice(name.lastIndexOf(".") + 1)] ?? "text/plain; charset=utf-8";
    return new Response(text, { headers: { "content-type": type, "cache-control": "no-cache" } });
  };
  app.get("/", async (c) => (await serveFile("index.html")) ?? c.notFound());
  app.get("/:name{[a-z][a-z0-9-]*\\.(?:html|js|css)}", async (c) => {
    return (await serveFile(c.req.param("name"))) ?? c.notFound();
  });
}

async function readPage(): Promise<Map<string, string>> {
  const names = (await readdir(PAGE_FOLDER)).filter((name) =>
    /^[a-z][a-z0-9-]*\.(?:html|js|css)$/.test(name),
  );
  const files = await Promise.all(
    names.map(async (name) => [name, await readFile(new URL(name, PAGE_FOLDER), "utf8")] as const),
  );
  return new Map(files);
}
