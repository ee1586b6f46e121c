import { existsSync } from "node:fs";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { tempDir } from "./cli.js";

/** Debian's chromium (`.ci/run` installs it); CHROMIUM_PATH names another build. */
export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/**
 * How long a browser test waits for one thing to show on the page: a few milliseconds
 * alone, many seconds on a busy 2-core machine that also runs Chromium's processes.
 */
export const PAGE_WAIT_MS = 45_000;
export const BROWSER_TEST_TIMEOUT = 240_000;

/**
 * A headless Chromium for tests, as a container runs it: no sandbox (no user namespaces
 * there), a profile of its own in a temporary folder, shared memory in /tmp (a
 * container's /dev/shm may be tiny). `headless: true` is the new headless mode.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `These tests need Chromium at ${CHROMIUM}: apt-get install chromium (.ci/run does this), or set CHROMIUM_PATH`,
    );
  }
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: tempDir(),
    args: ["--no-sandbox", "--disable-dev-shm-usage", "--no-first-run"],
    timeout: PAGE_WAIT_MS,
  });
}

/**
 * A page of its own (its own storage: a fresh browser context), every wait bounded by
 * PAGE_WAIT_MS, and the page's uncaught errors collected: a test can check that none
 * happened.
 */
export async function openPage(browser: Browser) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_WAIT_MS);
  const errors: string[] = [];
  page.on("pageerror", (error) =>
    errors.push(error instanceof Error ? error.message : String(error)),
  );
  return { page, errors, close: () => context.close() };
}

/** The text of the element the selector finds first, once there is one. */
export async function textOf(page: Page, selector: string) {
  const element = await page.waitForSelector(selector);
  return (await element?.evaluate((node) => node.textContent)) ?? "";
}
