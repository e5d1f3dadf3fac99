// The storefront's budgets (issue 31) and the plain arithmetic the benchmark reads them with: the
// median of Lighthouse runs, each figure against its budget, and what a category below 100 failed on.
// No I/O here (tests/unit/bench-budgets.test.ts); scripts/bench/lighthouse.mjs and pages.mjs run things.

/** Lighthouse, mobile (slow 4G, 4× CPU), median of three, on `/` and a competition page of the demo shop. */
export const LIGHTHOUSE_BUDGETS = {
  performance: 98,
  lcpMs: 1500,
  tbtMs: 100,
  cls: 0,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
};
/** An anonymous competition page's HTML at no less than this share of its cached JSON read's rate. */
export const PAGE_VS_JSON_BUDGET = 0.5;
/**
 * First-load JavaScript of the storefront before server rendering (README, "Performance": 146,487 bytes
 * gzipped). The budget is "no larger": the allowance is the few bytes chunk names (content hashes)
 * move the gzip size between builds of the same code.
 */
export const FIRST_LOAD_JS_REFERENCE = 146_487;
export const FIRST_LOAD_JS_ALLOWANCE = Math.round(FIRST_LOAD_JS_REFERENCE * 0.001);

/** The Lighthouse categories the budgets name, by their report ids. */
export const CATEGORIES = { performance: "performance", accessibility: "accessibility", bestPractices: "best-practices", seo: "seo" };

/** The middle value (the lower of the two middle ones for an even count); NaN for none. */
export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** CLS as Lighthouse shows it (three decimals), so 0.0001 of a shift is the 0 the budget means. */
export const roundCls = (cls) => Math.round(cls * 1000) / 1000;

/** A short, readable line for one item of a failing audit's table (the element, the issue, the address). */
function describeItem(item) {
  const parts = [item.node?.snippet ?? item.node?.nodeLabel, item.issueType, item.description, item.source?.url ?? item.url, item.label];
  const text = parts.find((p) => typeof p === "string" && p.trim() !== "");
  if (!text) return null;
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 140 ? `${flat.slice(0, 139)}…` : flat;
}

/** The audits of one category that lost it points: weighted, scored, below 1; with up to three items each. */
export function failingAudits(report, categoryId) {
  const category = report.categories?.[categoryId];
  if (!category) return [];
  const failing = [];
  for (const ref of category.auditRefs ?? []) {
    const audit = report.audits?.[ref.id];
    if (!audit || !(ref.weight > 0) || audit.score === null || audit.score >= 1) continue;
    if (["informative", "manual", "notApplicable", "error"].includes(audit.scoreDisplayMode)) continue;
    const items = (audit.details?.items ?? []).map(describeItem).filter(Boolean);
    failing.push({
      id: ref.id,
      title: audit.title,
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      ...(items.length ? { items: items.slice(0, 3) } : {}),
    });
  }
  return failing;
}

/** One Lighthouse report (JSON) reduced to the figures the budgets name, and what each category lost points on. */
export function summarizeReport(report) {
  const score = (id) => (typeof report.categories?.[id]?.score !== "number" ? Number.NaN : Math.round(report.categories[id].score * 100));
  const metric = (id) => report.audits?.[id]?.numericValue ?? Number.NaN;
  const lcpElement = report.audits?.["lcp-breakdown-insight"]?.details?.items?.find((i) => i.type === "node");
  const failing = {};
  for (const id of Object.values(CATEGORIES)) {
    const audits = failingAudits(report, id);
    if (audits.length) failing[id] = audits;
  }
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(metric("largest-contentful-paint")),
    tbtMs: Math.round(metric("total-blocking-time")),
    cls: metric("cumulative-layout-shift"),
    fcpMs: Math.round(metric("first-contentful-paint")),
    ...(lcpElement ? { lcpElement: lcpElement.snippet ?? lcpElement.selector } : {}),
    failing,
  };
}

const FIGURES = ["performance", "accessibility", "bestPractices", "seo", "lcpMs", "tbtMs", "cls", "fcpMs"];

/**
 * Several runs of one page: the median of each figure on its own, each run's figures, and the failing
 * audits of each category as its median run (by that category's score) had them.
 */
export function medianOfRuns(runs) {
  const result = {};
  for (const f of FIGURES) result[f] = median(runs.map((r) => r[f]));
  const medianRun = (key) => [...runs].sort((a, b) => a[key] - b[key])[Math.floor((runs.length - 1) / 2)];
  const failing = {};
  for (const [key, id] of Object.entries(CATEGORIES)) {
    const audits = medianRun(key)?.failing?.[id];
    if (audits?.length) failing[id] = audits;
  }
  const lcpElement = medianRun("lcpMs")?.lcpElement;
  return { ...result, ...(lcpElement ? { lcpElement } : {}), failing, runs: runs.map((r) => Object.fromEntries(FIGURES.map((f) => [f, r[f]]))) };
}

/** One page's medians against the Lighthouse budgets: { name, value, budget, unit, pass } each. */
export function lighthouseChecks(page, b = LIGHTHOUSE_BUDGETS) {
  const atLeast = (name, value, budget, unit = "") => ({ name, value, budget: `≥ ${budget}${unit}`, pass: value >= budget });
  const atMost = (name, value, budget, unit = "") => ({ name, value, budget: `≤ ${budget}${unit}`, pass: value <= budget });
  return [
    atLeast("performance", page.performance, b.performance),
    atMost("LCP", page.lcpMs, b.lcpMs, " ms"),
    atMost("TBT", page.tbtMs, b.tbtMs, " ms"),
    atMost("CLS", roundCls(page.cls), b.cls),
    atLeast("accessibility", page.accessibility, b.accessibility),
    atLeast("best practices", page.bestPractices, b.bestPractices),
    atLeast("SEO", page.seo, b.seo),
  ];
}

/** The server-rendered page's rate as a share of its JSON's, against PAGE_VS_JSON_BUDGET. */
export function pageVsJsonCheck(htmlPerSec, jsonPerSec, budget = PAGE_VS_JSON_BUDGET) {
  const share = jsonPerSec > 0 ? htmlPerSec / jsonPerSec : 0;
  return { share: Math.round(share * 1000) / 1000, budget, pass: share >= budget };
}

/** First-load JavaScript (gzip bytes) against today's, with the chunk-name allowance. */
export function firstLoadCheck(bytes, reference = FIRST_LOAD_JS_REFERENCE, allowance = FIRST_LOAD_JS_ALLOWANCE) {
  return { bytes, reference, difference: bytes - reference, allowance, pass: bytes <= reference + allowance };
}

/** "PASS" or "FAIL", padded for a column. */
export const verdict = (pass) => (pass ? "PASS" : "FAIL");
