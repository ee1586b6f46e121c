import { describe, expect, it } from "vitest";
import {
  CHEAP,
  caseResult,
  HOSTILE,
  STRONG,
  twoModelReport,
} from "../test-support/report-fixture.js";
import { htmlReport } from "./html-report.js";
import { summariseModels } from "./summarise.js";

describe("htmlReport", () => {
  it("is self-contained: no script, no outside resource, a policy that forbids both", () => {
    const html = htmlReport(twoModelReport());
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    );
    expect(html).not.toMatch(/<script|<img|<link|<iframe|\son\w+="|src="|href="|url\(/i);
  });

  it("escapes hostile case ids, answers, reasons and trajectories, and drops controls", () => {
    const html = htmlReport(twoModelReport());
    expect(html).toContain(
      "&lt;script&gt;window.__pwned=1&lt;/script&gt;&lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;]]&gt;evil&amp;amp;",
    );
    expect(html).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b\u202e]/u);
    expect(html).not.toContain(HOSTILE);
  });

  it("plots each priced model at its pass rate and cost, and names the unpriced ones", () => {
    const report = twoModelReport();
    const points = [
      ...htmlReport(report).matchAll(
        /<circle class="point" cx="([\d.]+)" cy="([\d.]+)" r="8" fill="(#[0-9a-f]{6})" data-model="([^"]*)"/g,
      ),
    ];
    expect(points.map((point) => point[4])).toEqual([STRONG, CHEAP]);
    const [strong, cheap] = points.map((point) => ({
      x: Number(point[1]),
      y: Number(point[2]),
      fill: point[3],
    }));
    // Up is a higher pass rate, right a higher cost.
    expect(strong?.y).toBeLessThan(cheap?.y ?? 0);
    expect(strong?.x).toBeGreaterThan(cheap?.x ?? 0);
    expect(strong?.fill).not.toBe(cheap?.fill);
    const results = [
      ...report.results,
      caseResult({ model: "local:llama", caseId: "a", cost: undefined }),
    ];
    const withUnpriced = htmlReport({ ...report, models: summariseModels(results), results });
    expect(withUnpriced).toContain("Not on the chart (no price known): local:llama");
    expect(withUnpriced.match(/<circle class="point"/g)).toHaveLength(2);
  });

  it("shows each failing run's reasons and trajectory, long observations cut", () => {
    const html = htmlReport(twoModelReport());
    expect(html.match(/<section class="failure">/g)).toHaveLength(7);
    expect(html).toContain(`<h3>${STRONG} · periods [trial 3]</h3>`);
    // The observation repeats the hostile text 2000 times; the page keeps 2000 characters.
    expect(html).toMatch(/more characters\)<\/pre>/);
    expect(html.length).toBeLessThan(400_000);
  });
});
