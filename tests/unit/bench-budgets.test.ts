import { describe, expect, it } from "vitest";
import {
  FIRST_LOAD_JS_REFERENCE,
  firstLoadCheck,
  lighthouseChecks,
  median,
  medianOfRuns,
  pageVsJsonCheck,
  summarizeReport,
  type PageFigures,
} from "../../scripts/bench/budgets.mjs";

/** A Lighthouse report (JSON) with the parts the benchmark reads: four categories, their audits, the metrics. */
function report({
  scores = { performance: 1, accessibility: 1, "best-practices": 1, seo: 1 },
  lcp = 1200,
  tbt = 40,
  cls = 0,
  fcp = 900,
  audits = {} as Record<string, { score: number | null; weight?: number; mode?: string; title?: string; displayValue?: string; items?: unknown[] }>,
} = {}) {
  const categoryOf = (id: string) => id.split(":")[0]!;
  const categories: Record<string, { score: number; auditRefs: { id: string; weight: number }[] }> = {};
  for (const [id, score] of Object.entries(scores)) categories[id] = { score, auditRefs: [] };
  const all: Record<string, unknown> = {
    "largest-contentful-paint": { numericValue: lcp },
    "total-blocking-time": { numericValue: tbt },
    "cumulative-layout-shift": { numericValue: cls },
    "first-contentful-paint": { numericValue: fcp },
  };
  for (const [key, a] of Object.entries(audits)) {
    const id = key.split(":")[1]!;
    categories[categoryOf(key)]!.auditRefs.push({ id, weight: a.weight ?? 1 });
    all[id] = {
      score: a.score,
      scoreDisplayMode: a.mode ?? "binary",
      title: a.title ?? id,
      ...(a.displayValue ? { displayValue: a.displayValue } : {}),
      details: { items: a.items ?? [] },
    };
  }
  return { categories, audits: all };
}

const figures = (over: Partial<PageFigures> = {}): PageFigures => ({
  performance: 99,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1200,
  tbtMs: 40,
  cls: 0,
  fcpMs: 900,
  failing: {},
  ...over,
});

describe("median", () => {
  it("takes the middle of three whatever their order, and leaves the list as it was", () => {
    const runs = [89, 87, 91];
    expect(median(runs)).toBe(89);
    expect(runs).toEqual([89, 87, 91]);
    expect(median([3.6, 3.4, 3.7])).toBe(3.6);
  });

  it("takes the lower middle of an even count, and has no median of nothing", () => {
    expect(median([90, 80])).toBe(80);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(median([])).toBeNaN();
  });
});

describe("a Lighthouse report, summarised", () => {
  it("gives the scores out of 100 and the metrics in milliseconds", () => {
    const s = summarizeReport(
      report({ scores: { performance: 0.874, accessibility: 1, "best-practices": 0.96, seo: 0.92 }, lcp: 3612.6, tbt: 118.2, cls: 0.0001, fcp: 2153 }),
    );
    expect(s).toMatchObject({ performance: 87, accessibility: 100, bestPractices: 96, seo: 92, lcpMs: 3613, tbtMs: 118, cls: 0.0001, fcpMs: 2153 });
  });

  it("names the audits a category lost points on, with what they found, and only those", () => {
    const s = summarizeReport(
      report({
        scores: { performance: 1, accessibility: 0.9, "best-practices": 0.96, seo: 1 },
        audits: {
          "best-practices:inspector-issues": {
            score: 0,
            title: "Issues were logged in the `Issues` panel in Chrome Devtools",
            items: [{ issueType: "Content security policy" }],
          },
          "best-practices:errors-in-console": { score: 1 },
          "accessibility:color-contrast": {
            score: 0,
            title: "Background and foreground colors do not have a sufficient contrast ratio.",
            items: [{ node: { snippet: '<a class="text-gray-400"  href="/terms">\n Terms</a>' } }],
          },
          "accessibility:meta-viewport": { score: 0, weight: 0 },
          "accessibility:aria-hidden-body": { score: null },
          "seo:hreflang": { score: 0, mode: "notApplicable" },
        },
      }),
    );
    expect(s.failing).toEqual({
      "best-practices": [{ id: "inspector-issues", title: "Issues were logged in the `Issues` panel in Chrome Devtools", items: ["Content security policy"] }],
      accessibility: [
        {
          id: "color-contrast",
          title: "Background and foreground colors do not have a sufficient contrast ratio.",
          items: ['<a class="text-gray-400" href="/terms"> Terms</a>'],
        },
      ],
    });
  });
});

describe("the median of three runs", () => {
  it("takes each figure's own median, and a category's failing audits from its median run", () => {
    const lost = (title: string) => ({ "best-practices": [{ id: "inspector-issues", title }] });
    const m = medianOfRuns([
      figures({ performance: 87, lcpMs: 3700, tbtMs: 90, bestPractices: 96, failing: lost("second") }),
      figures({ performance: 89, lcpMs: 3400, tbtMs: 130, bestPractices: 100 }),
      figures({ performance: 88, lcpMs: 3600, tbtMs: 110, bestPractices: 92, failing: lost("first") }),
    ]);
    expect(m).toMatchObject({ performance: 88, lcpMs: 3600, tbtMs: 110, bestPractices: 96 });
    expect(m.failing).toEqual(lost("second"));
    expect(m.runs.map((r) => r.performance)).toEqual([87, 89, 88]);
  });
});

describe("the budgets", () => {
  const failed = (page: PageFigures) =>
    lighthouseChecks(page)
      .filter((c) => !c.pass)
      .map((c) => c.name);

  it("passes a page that meets every Lighthouse budget, at its edges too", () => {
    expect(failed(figures())).toEqual([]);
    expect(failed(figures({ performance: 98, lcpMs: 1500, tbtMs: 100, cls: 0.0004 }))).toEqual([]);
  });

  it("fails each figure just past its budget, by name", () => {
    expect(failed(figures({ performance: 97 }))).toEqual(["performance"]);
    expect(failed(figures({ lcpMs: 1501, tbtMs: 101 }))).toEqual(["LCP", "TBT"]);
    expect(failed(figures({ cls: 0.001 }))).toEqual(["CLS"]);
    expect(failed(figures({ accessibility: 99, bestPractices: 96, seo: 92 }))).toEqual(["accessibility", "best practices", "SEO"]);
  });

  it("wants the page's HTML at half its JSON's rate or better", () => {
    expect(pageVsJsonCheck(5000, 10000)).toEqual({ share: 0.5, budget: 0.5, pass: true });
    expect(pageVsJsonCheck(4990, 10000).pass).toBe(false);
    expect(pageVsJsonCheck(12000, 10000)).toMatchObject({ share: 1.2, pass: true });
    expect(pageVsJsonCheck(100, 0).pass).toBe(false);
  });

  it("wants the first-load JavaScript no larger than today's, give or take the chunk names' bytes", () => {
    expect(firstLoadCheck(FIRST_LOAD_JS_REFERENCE)).toMatchObject({ difference: 0, pass: true });
    expect(firstLoadCheck(FIRST_LOAD_JS_REFERENCE - 2000)).toMatchObject({ difference: -2000, pass: true });
    expect(firstLoadCheck(FIRST_LOAD_JS_REFERENCE + 146).pass).toBe(true);
    expect(firstLoadCheck(FIRST_LOAD_JS_REFERENCE + 147).pass).toBe(false);
    expect(firstLoadCheck(FIRST_LOAD_JS_REFERENCE + 1024).pass).toBe(false);
  });
});
