import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Browser, Page } from "puppeteer-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BROWSER_TEST_TIMEOUT, launchChromium, openPage, textOf } from "../test-support/browser.js";
import { tempDir, writeScript } from "../test-support/cli.js";
import { COUNTING_TOOL, ledger } from "../test-support/counting-run.js";
import { startServe } from "../test-support/serve-process.js";

// The page `langchain-mini serve` serves at /, in a real headless Chromium, against the
// real server running a scripted model and a tool with a ledger (`count` runs freely,
// `publish` waits for approval).

// Functions given to evaluate and waitForFunction run in the page: the page's globals they
// use (the app's TypeScript program has no DOM).
interface PageNode {
  readonly textContent: string | null;
  querySelector(selector: string): PageNode | null;
}
declare const document: {
  querySelector(selector: string): PageNode | null;
  querySelectorAll(selector: string): ArrayLike<PageNode>;
};
declare const window: { readonly __pwned?: unknown };
declare const location: { readonly hash: string };
declare const sessionStorage: { getItem(key: string): string | null };

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The model that streams its first words, then waits for a file (see the file). */
const WAITING_LLM = resolve(import.meta.dirname, "../test-support/waiting-llm.mjs");

/**
 * A server playing `replies` (a script's, or `{llm}`: another model), and a page of its
 * own showing it; the tool's ledger.
 */
async function open(
  replies: readonly unknown[] | { llm: string },
  env: Record<string, string> = {},
) {
  const directory = tempDir();
  const countFile = join(directory, "ledger");
  const llm = "llm" in replies ? replies.llm : `script:${writeScript(directory, replies)}`;
  const server = await startServe(["--llm", llm, "--tools", COUNTING_TOOL], {
    env: { LANGCHAIN_MINI_HOME: join(directory, "home"), COUNT_FILE: countFile, ...env },
  });
  cleanups.push(async () => {
    await server.stop();
  });
  const opened = await openPage(browser);
  cleanups.push(opened.close);
  await opened.page.goto(`${server.url}/`);
  return { ...opened, server, ledger: () => ledger(countFile) };
}

/** Types a question and presses Enter, as a person asks. */
async function ask(page: Page, question: string) {
  await page.locator('::-p-aria([name="Your question"][role="textbox"])').fill(question);
  await page.keyboard.press("Enter");
}

/** The text of every element the selector finds, in document order. */
function texts(page: Page, selector: string) {
  return page.$$eval(selector, (nodes) => nodes.map((node) => node.textContent ?? ""));
}

const COUNT = " I will count the report first.\nAction: count\nAction Input: report";
const PUBLISH = " Now I publish it.\nAction: publish\nAction Input: report";
const ANSWER =
  " I now know the final answer.\nFinal Answer: The report is **published**:\n\n- counted once\n- published once\n\nSee `report.txt`.";

describe("serve's page in Chromium", { timeout: BROWSER_TEST_TIMEOUT }, () => {
  it("asks, shows the steps live, waits on Approve with a note, then draws the answer as Markdown and its cost", async () => {
    const tenLines = Array.from({ length: 9 }, (_, line) => `\nline ${line + 2}`).join("");
    const { page, errors, ledger } = await open([COUNT, PUBLISH, ANSWER], {
      TOOL_SUFFIX: tenLines,
    });
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="model"]')?.textContent?.includes("script"),
    );
    await ask(page, "Publish the report");

    // The paused run: its steps so far, and the card for the call it waits on.
    await page.waitForSelector('[data-testid="approval"]');
    expect(await texts(page, '[data-testid="question"]')).toEqual(["Publish the report"]);
    expect(await texts(page, '[data-testid="thought"]')).toEqual([
      "I will count the report first.",
      "Now I publish it.",
    ]);
    expect(await texts(page, '[data-testid="action"]')).toEqual(["count", "publish"]);
    expect(await texts(page, '[data-testid="action-input"]')).toEqual(["report", "report"]);
    expect(await textOf(page, '[data-testid="approval-tool"]')).toBe("publish");
    expect(await textOf(page, '[data-testid="approval-input"]')).toBe("report");
    expect(ledger()).toEqual(["start count report", "end count report"]);

    // A long observation shows its first lines and says how many there are: never hidden.
    const observation = '[data-testid="observation"]';
    expect(await textOf(page, observation)).toBe(
      "counted report\nline 2\nline 3…show all 10 lines",
    );
    await page.locator("::-p-aria(show all 10 lines)").click();
    await page.waitForFunction(
      (selector) => document.querySelector(selector)?.textContent?.includes("line 10"),
      {},
      observation,
    );

    await page
      .locator('::-p-aria([name="Note for the model (optional)"][role="textbox"])')
      .fill("ship it");
    await page.locator('::-p-aria([name="Approve"][role="button"])').click();

    await page.waitForSelector('[data-testid="answer"] strong');
    expect(await page.$$eval('[data-testid="approval"]', (cards) => cards.length)).toBe(0);
    const markdown = '[data-testid="answer"] .markdown';
    const answer = {
      strong: await texts(page, `${markdown} > p > strong`),
      items: await texts(page, `${markdown} > ul > li`),
      code: await texts(page, `${markdown} > p > code`),
    };
    expect(answer).toEqual({
      strong: ["published"],
      items: ["counted once", "published once"],
      code: ["report.txt"],
    });
    expect(await texts(page, '[data-testid="approval-decision"]')).toEqual(["approved"]);
    expect(ledger()).toEqual([
      "start count report",
      "end count report",
      "start publish report",
      "end publish report",
    ]);
    // The resumed run's cost line replaces the paused part's once the run has ended.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="cost"]')?.textContent?.startsWith("3 steps"),
      { timeout: 45_000 },
    );
    expect(await textOf(page, '[data-testid="cost"]')).toMatch(
      /^3 steps · \d+\.\ds · \d+ in \/ \d+ out tokens$/,
    );
    expect(await page.$$eval('[data-testid="cost"]', (lines) => lines.length)).toBe(1);
    expect(errors).toEqual([]);
  });

  it("Deny sends the note: the tool does not run and the run goes on to its answer", async () => {
    const { page, errors, ledger } = await open([
      PUBLISH,
      " Understood.\nFinal Answer: Not published.",
    ]);
    await ask(page, "Publish the report");
    await page
      .locator('::-p-aria([name="Note for the model (optional)"][role="textbox"])')
      .fill("use the cached copy");
    await page.locator('::-p-aria([name="Deny"][role="button"])').click();
    await page.waitForSelector('[data-testid="answer"]');
    expect(await textOf(page, '[data-testid="answer"]')).toBe("Not published.");
    expect(await texts(page, '[data-testid="approval-decision"]')).toEqual([
      'declined: "use the cached copy"',
    ]);
    expect(ledger()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("finds the chat as it was after a reload: the paused run's card, then the run going on after Approve", async () => {
    // After the approval the model takes ten minutes: the run is still going when the page reloads.
    const { page, errors, ledger } = await open([PUBLISH, { text: ANSWER, delayMs: 600_000 }]);
    await ask(page, "Publish the report");
    await page.waitForSelector('[data-testid="approval"]');
    await page.reload();
    expect(await textOf(page, '[data-testid="approval-tool"]')).toBe("publish");
    expect(await texts(page, '[data-testid="question"]')).toEqual(["Publish the report"]);
    await page.locator('::-p-aria([name="Approve"][role="button"])').click();
    await page.waitForSelector('[data-testid="observation"]');
    expect(ledger()).toEqual(["start publish report", "end publish report"]);

    // The run's feed holds its paused part, then what followed the approval: both show.
    await page.reload();
    await page.waitForSelector('[data-testid="observation"]');
    await page.waitForSelector('::-p-aria([name="Cancel"][role="button"]):not([disabled])');
    expect(await texts(page, '[data-testid="question"]')).toEqual(["Publish the report"]);
    expect(await texts(page, '[data-testid="action"]')).toEqual(["publish"]);
    expect(await texts(page, '[data-testid="observation"]')).toEqual(["published report"]);
    expect(await page.$$eval('[data-testid="approval"]', (cards) => cards.length)).toBe(0);
    await page.locator('::-p-aria([name="Cancel"][role="button"])').click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="error"]')?.textContent === "The run was cancelled",
    );
    expect(ledger()).toEqual(["start publish report", "end publish report"]);
    expect(errors).toEqual([]);
  });

  it("shows a step while the run still goes, and Cancel stops the run", async () => {
    // The second reply would come after ten minutes: only Cancel ends the wait.
    const { page, errors, ledger } = await open([COUNT, { text: ANSWER, delayMs: 600_000 }]);
    await ask(page, "Count the report");
    await page.waitForSelector('[data-testid="observation"]');
    const cancel = '::-p-aria([name="Cancel"][role="button"])';
    await page.waitForSelector(`${cancel}:not([disabled])`);
    expect(await page.$$eval('[data-testid="answer"]', (answers) => answers.length)).toBe(0);
    await page.locator(cancel).click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="error"]')?.textContent === "The run was cancelled",
    );
    await page.waitForSelector('[data-testid="cost"]');
    expect(ledger()).toEqual(["start count report", "end count report"]);
    // The next question can be asked.
    await page.waitForSelector('::-p-aria([name="Ask"][role="button"]):not([disabled])');
    expect(errors).toEqual([]);
  });

  it("shows the model's text while it streams, then its answer", async () => {
    const hold = join(tempDir(), "go-on");
    const { page, errors } = await open({ llm: `${WAITING_LLM}:Four` }, { HOLD_UNTIL: hold });
    await ask(page, "What is 2+2?");
    // The first words, with the cursor that says more is coming; no answer yet.
    await page.waitForFunction(() => {
      const thought = document.querySelector('[data-testid="thought"]');
      return thought?.textContent === "I now know▍" && thought.querySelector(".cursor") !== null;
    });
    expect(await page.$$eval('[data-testid="answer"]', (answers) => answers.length)).toBe(0);
    writeFileSync(hold, "");
    await page.waitForSelector('[data-testid="answer"]');
    expect(await textOf(page, '[data-testid="answer"]')).toBe("Four");
    expect(await textOf(page, '[data-testid="thought"]')).toBe("I now know the final answer");
    expect(await page.$$eval(".cursor", (cursors) => cursors.length)).toBe(0);
    expect(errors).toEqual([]);
  });

  it("shows hostile text from the model, the tool and the question as text: nothing of it runs or becomes an element", async () => {
    const markup = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">';
    const terminal = "\u001b[31mred\u001b]0;title\u0007\u202eesrever";
    const { page, errors } = await open(
      [
        ` ${markup} ${terminal}\nAction: count\nAction Input: ${markup}`,
        ` Done ${markup}.\nFinal Answer: **bold** ${markup} ${terminal} [x](javascript:go)`,
      ],
      { TOOL_SUFFIX: ` ${markup}` },
    );
    await ask(page, `Question ${markup}`);
    await page.waitForSelector('[data-testid="answer"] strong');
    // The page after the run, and again from the server's history once reloaded.
    for (const when of ["live", "reloaded"]) {
      if (when === "reloaded") {
        await page.reload();
        await page.waitForSelector('[data-testid="answer"] strong');
      }
      const seen = await page.evaluate(() => ({
        pwned: window.__pwned,
        scripts: document.querySelectorAll("main script, main img, main a[href^='javascript']")
          .length,
        links: document.querySelectorAll("main a").length,
        text: document.querySelector("main")?.textContent ?? "",
      }));
      expect(seen.pwned, when).toBeUndefined();
      expect(seen.scripts, when).toBe(0);
      expect(seen.links, when).toBe(0);
      expect(seen.text, when).toContain(markup);
      expect(seen.text, when).toContain("[31mred]0;titleesrever");
      expect(seen.text, when).not.toMatch(
        /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/,
      );
      expect(await textOf(page, '[data-testid="question"]'), when).toBe(`Question ${markup}`);
    }
    // A new chat starts empty under an id of its own; Back shows the first one again.
    const first = await page.evaluate(() => location.hash);
    await page.locator('::-p-aria([name="New chat"][role="button"])').click();
    await page.waitForFunction((hash) => location.hash !== hash, {}, first);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="turn"]').length === 0,
    );
    await page.goBack();
    await page.waitForSelector('[data-testid="answer"] strong');
    expect(await page.evaluate(() => location.hash)).toBe(first);
    expect(errors).toEqual([]);
  });

  it("asks for the server's token, says when it is refused, and then works with it", async () => {
    const { page, errors } = await open([" Sure.\nFinal Answer: 4"], {
      LANGCHAIN_MINI_SERVE_TOKEN: "page-test-token",
    });
    const token = '::-p-aria([name="Token"][role="textbox"])';
    await page.waitForSelector('[data-testid="token-form"]:not([hidden])');
    await page.locator(token).fill("wrong-token");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() =>
      document.querySelector("#token-note")?.textContent?.includes("refused"),
    );
    await page.locator(token).fill("page-test-token");
    await page.keyboard.press("Enter");
    await page.waitForSelector('[data-testid="token-form"][hidden]');
    await ask(page, "What is 2+2?");
    await page.waitForSelector('[data-testid="answer"]');
    expect(await textOf(page, '[data-testid="answer"]')).toBe("4");
    expect(await page.evaluate(() => sessionStorage.getItem("langchain-mini.token"))).toBe(
      "page-test-token",
    );
    expect(errors).toEqual([]);
  });
});
