import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  type CaseResult,
  type EvalReport,
  htmlReport,
  junitXml,
  summariseModels,
} from "@langchain-mini/eval";
import type { Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BROWSER_TEST_TIMEOUT, launchChromium, openPage } from "../test-support/browser.js";
import { tempDir } from "../test-support/cli.js";

// The `eval --html` report opened in a real headless Chromium: what a person sees (the
// chart's points drawn in their colours where their pass rate and cost put them, read from
// a screenshot's pixels), the table read through the DOM, and no script run by a hostile
// answer. The JUnit file is read by the browser's own XML parser.

// Functions given to evaluate run in the page: the page's globals they use (the app's
// TypeScript program has no DOM).
interface PageElement {
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { left: number; top: number; width: number; height: number };
  querySelectorAll(selector: string): ArrayLike<PageElement>;
}
declare const document: {
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
  createElement(name: "canvas"): {
    width: number;
    height: number;
    getContext(kind: "2d"): {
      drawImage(image: unknown, x: number, y: number): void;
      getImageData(
        x: number,
        y: number,
        width: number,
        height: number,
      ): { data: Uint8ClampedArray };
    };
  };
};
declare const window: { readonly __pwned?: unknown };
declare class Image {
  src: string;
  width: number;
  height: number;
  decode(): Promise<void>;
}
declare class DOMParser {
  parseFromString(text: string, type: "application/xml"): typeof document;
}

const HOSTILE =
  '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">]]>\u001b[2J\u0000\u202eevil';
const STRONG = "openai:gpt-4.1";
const CHEAP = "openai:gpt-4.1-mini";

function run(
  model: string,
  caseId: string,
  trial: number,
  pass: boolean,
  cost: number,
): CaseResult {
  return {
    model,
    caseId,
    trial,
    pass,
    status: "answered",
    answer: pass ? "404" : HOSTILE,
    steps: 2,
    trajectory: [
      { step: 1, thought: HOSTILE, tool: "search", input: HOSTILE, observation: HOSTILE },
    ],
    cost,
    tokens: { input: 500, output: 100 },
    durationMs: 800 + trial * 100,
    runId: `run-${model}-${trial}`,
    scores: {
      includes: pass
        ? { pass: true, score: 1, reason: "found 404" }
        : { pass: false, score: 0, reason: `expected "404" in ${HOSTILE}` },
    },
  };
}

/** The strong model passes 3 of 4 runs at $0.04 each, the cheap one 1 of 4 at $0.01. */
function fixture(): EvalReport {
  const results = [
    ...[true, true, true, false].map((pass, index) => run(STRONG, `case-${index}`, 1, pass, 0.04)),
    ...[true, false, false, false].map((pass, index) =>
      run(CHEAP, index === 3 ? HOSTILE : `case-${index}`, 1, pass, 0.01),
    ),
  ];
  return {
    suite: "periods.jsonl",
    startedAt: "2026-05-01T10:00:00.000Z",
    durationMs: 9000,
    models: summariseModels(results),
    results,
  };
}

interface Rgb {
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

function rgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return { r: value >> 16, g: (value >> 8) & 0xff, b: value & 0xff };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("the eval HTML report in Chromium", () => {
  it(
    "draws each model's point in its colour at its pass rate and cost, shows the table, and runs no script",
    async () => {
      const report = fixture();
      const file = join(tempDir(), "report.html");
      writeFileSync(file, htmlReport(report));
      const { page, errors, close } = await openPage(browser);
      try {
        await page.setViewport({ width: 1000, height: 900, deviceScaleFactor: 1 });
        await page.goto(pathToFileURL(file).href);
        const chart = await page.waitForSelector("svg.chart");
        if (!chart) throw new Error("no chart");

        // Where the page says the points are, relative to the chart, with their colours.
        const points = await page.evaluate(() => {
          const box = document.querySelector("svg.chart")?.getBoundingClientRect();
          return Array.from(document.querySelectorAll("circle.point")).map((circle) => {
            const own = circle.getBoundingClientRect();
            return {
              model: circle.getAttribute("data-model"),
              fill: circle.getAttribute("fill") ?? "",
              x: own.left + own.width / 2 - (box?.left ?? 0),
              y: own.top + own.height / 2 - (box?.top ?? 0),
            };
          });
        });
        expect(points.map((point) => point.model)).toEqual([STRONG, CHEAP]);

        // What was drawn: the chart's screenshot, decoded in a page of its own (the
        // report's policy forbids loading images, as it should).
        const png = await chart.screenshot({ encoding: "base64" });
        const decoder = await openPage(browser);
        const drawn = await decoder.page
          .evaluate(
            async (data: string, colours: Rgb[]) => {
              const image = new Image();
              image.src = `data:image/png;base64,${data}`;
              await image.decode();
              const canvas = document.createElement("canvas");
              canvas.width = image.width;
              canvas.height = image.height;
              const context = canvas.getContext("2d");
              context.drawImage(image, 0, 0);
              const pixels = context.getImageData(0, 0, image.width, image.height).data;
              // Per colour: how many pixels have it, and where their centre is.
              const found = colours.map(() => ({ count: 0, x: 0, y: 0 }));
              let inked = 0;
              for (let offset = 0; offset < pixels.length; offset += 4) {
                const [r = 0, g = 0, b = 0] = [
                  pixels[offset],
                  pixels[offset + 1],
                  pixels[offset + 2],
                ];
                if (r < 250 || g < 250 || b < 250) inked++;
                colours.forEach((colour, index) => {
                  const near =
                    Math.abs(r - colour.r) <= 6 &&
                    Math.abs(g - colour.g) <= 6 &&
                    Math.abs(b - colour.b) <= 6;
                  const tally = found[index];
                  if (!near || !tally) return;
                  tally.count++;
                  tally.x += (offset / 4) % image.width;
                  tally.y += Math.floor(offset / 4 / image.width);
                });
              }
              return {
                width: image.width,
                height: image.height,
                inked,
                colours: found.map((tally) => ({
                  count: tally.count,
                  x: tally.x / Math.max(1, tally.count),
                  y: tally.y / Math.max(1, tally.count),
                })),
              };
            },
            png,
            points.map((point) => rgb(point.fill)),
          )
          .finally(decoder.close);

        expect(drawn.width).toBe(640);
        expect(drawn.inked).toBeGreaterThan(1000);
        const [strong, cheap] = drawn.colours;
        for (const [index, found] of drawn.colours.entries()) {
          // A filled disc of radius 8 (about 200 pixels), centred where the page put it.
          expect(found.count).toBeGreaterThan(120);
          expect(Math.abs(found.x - (points[index]?.x ?? 0))).toBeLessThan(2);
          expect(Math.abs(found.y - (points[index]?.y ?? 0))).toBeLessThan(2);
        }
        // Pass rate is up (the plot runs from y 16 at 100% to y 312 at 0%), cost is right.
        expect(strong?.y).toBeCloseTo(16 + 0.25 * 296, -0.5);
        expect(cheap?.y).toBeCloseTo(16 + 0.75 * 296, -0.5);
        expect(strong?.x ?? 0).toBeGreaterThan((cheap?.x ?? 0) + 100);
        expect(cheap?.x ?? 0).toBeGreaterThan(64);
        expect(strong?.x ?? 0).toBeLessThan(640 - 24);

        // The table, read as a person reads it.
        const rows = await page.evaluate(() =>
          Array.from(document.querySelectorAll("table.summary tr.model")).map((row) =>
            Array.from(row.querySelectorAll("td")).map((cell) => cell.textContent ?? ""),
          ),
        );
        expect(rows.map((cells) => cells.slice(0, 3))).toEqual([
          [STRONG, "3/4 75%", "$0.1600"],
          [CHEAP, "1/4 25%", "$0.04000"],
        ]);

        // The hostile answer is shown as text, and nothing ran.
        const failures = await page.$$eval("section.failure", (sections) =>
          sections.map((section) => section.textContent ?? ""),
        );
        expect(failures).toHaveLength(4);
        expect(failures.join("\n")).toContain(
          '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">]]>evil',
        );
        expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    },
    BROWSER_TEST_TIMEOUT,
  );

  it(
    "gives a JUnit file the browser's XML parser reads, with the table's counts",
    async () => {
      const { page, close } = await openPage(browser);
      try {
        const suites = await page.evaluate((xml: string) => {
          const parsed = new DOMParser().parseFromString(xml, "application/xml");
          if (parsed.querySelector("parsererror")) return "parse error";
          return Array.from(parsed.querySelectorAll("testsuite")).map((suite) => ({
            name: suite.getAttribute("name"),
            tests: suite.getAttribute("tests"),
            failures: suite.getAttribute("failures"),
            cases: suite.querySelectorAll("testcase").length,
            failed: suite.querySelectorAll("testcase failure").length,
          }));
        }, junitXml(fixture()));
        expect(suites).toEqual([
          { name: STRONG, tests: "4", failures: "1", cases: 4, failed: 1 },
          { name: CHEAP, tests: "4", failures: "3", cases: 4, failed: 3 },
        ]);
      } finally {
        await close();
      }
    },
    BROWSER_TEST_TIMEOUT,
  );
});
