// Lighthouse against a running shop: the npm package fetched by npx at a pinned version (not a
// dependency: its dependency tree is large and some of its versions' locks do not install with `npm ci`
// here), on Debian's Chromium, with Lighthouse's default mobile settings (a Moto G Power's screen,
// simulated slow 4G: 150 ms RTT, 1.6 Mbit/s; 4× CPU slowdown). The figures and the budgets are in
// scripts/bench/budgets.mjs.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { LIGHTHOUSE_BUDGETS, lighthouseChecks, medianOfRuns, roundCls, summarizeReport, verdict } from "./budgets.mjs";

/**
 * The version the figures are measured with: pinned, as Lighthouse's scoring moves between releases.
 * (Lighthouse 13 needs Node 22.19 or newer: npx runs here on this process's Node 24.) `BENCH_LIGHTHOUSE=12.8.2`
 * measures with another version, e.g. the one a report was made with.
 */
export const LIGHTHOUSE_VERSION = process.env.BENCH_LIGHTHOUSE || "13.5.0";
const CHROME = process.env.CHROME_PATH || "/usr/bin/chromium";

/** One Lighthouse run of `url`; resolves with its report (JSON) written to `out`. */
function runOnce({ root, url, out }) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "npx",
      [
        "--yes",
        `lighthouse@${LIGHTHOUSE_VERSION}`,
        url,
        "--only-categories=performance,accessibility,best-practices,seo",
        "--chrome-flags=--headless=new --no-sandbox",
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
      ],
      {
        cwd: root,
        // npx and Lighthouse on this process's Node (24), whatever `node` the shell finds first.
        env: { ...process.env, CHROME_PATH: CHROME, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}` },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (c) => (stderr = (stderr + c).slice(-4000)));
    const timer = setTimeout(() => child.kill("SIGKILL"), 180_000);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (code !== 0 || !existsSync(out)) return reject(new Error(`lighthouse failed on ${url} (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
      resolve(JSON.parse(readFileSync(out, "utf8")));
    });
  });
}

/**
 * One run, tried again (up to twice) when Lighthouse failed to record its own trace (NO_NAVSTART, a
 * fault of the run, not of the page, seen now and then on this machine's Chromium).
 */
async function runRecorded(args, attempts = 3) {
  for (let i = 1; ; i++) {
    try {
      return await runOnce(args);
    } catch (error) {
      if (i >= attempts || !/NO_NAVSTART/.test(String(error))) throw error;
    }
  }
}

/**
 * `runs` Lighthouse runs of each page of `pages` ({ name: path }) against `base`, the pages taken in
 * turn (a slower minute of a shared machine then falls on every page rather than one); returns per
 * page its path, the medians, each run's figures, the failing audits and the checks against the budgets.
 */
export async function lighthousePages({ root, base, pages, runs = 3, dir, log = () => {} }) {
  if (!existsSync(CHROME)) throw new Error(`Lighthouse needs Chromium at ${CHROME} (node scripts/ensure-browser.mjs installs it)`);
  const reports = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
  let version = LIGHTHOUSE_VERSION;
  // Simulated throttling scales what it observed: a busy machine (other work on its cores) shows in TBT and
  // LCP, so the report gives the one-minute load average before and after.
  const loadBefore = loadavg()[0];
  for (let i = 0; i < runs; i++) {
    for (const [name, path] of Object.entries(pages)) {
      const report = await runRecorded({ root, url: base + path, out: join(dir, `lighthouse-${name}-${i}.json`) });
      version = report.lighthouseVersion ?? version;
      const summary = summarizeReport(report);
      log(`  Lighthouse run ${i + 1}/${runs} ${name}: performance ${summary.performance}, LCP ${summary.lcpMs} ms`);
      reports[name].push(summary);
    }
  }
  const result = {};
  for (const [name, path] of Object.entries(pages)) {
    const page = medianOfRuns(reports[name]);
    result[name] = { path, ...page, checks: lighthouseChecks(page) };
  }
  const load = [loadBefore, loadavg()[0]].map((x) => Math.round(x * 10) / 10);
  return { version, runs, load, budgets: LIGHTHOUSE_BUDGETS, pages: result };
}

const n = (x) => Math.round(x).toLocaleString("en-GB");

/** Lines for the report: per page its medians, each check's PASS/FAIL, and the audits a category lost points on. */
export function lighthouseLines(lh) {
  const lines = [
    `  Lighthouse ${lh.version}, mobile (simulated slow 4G, 4× CPU), median of ${lh.runs} run${lh.runs === 1 ? "" : "s"} per page (load average ${lh.load.join(" → ")}):`,
  ];
  for (const [name, p] of Object.entries(lh.pages)) {
    lines.push(
      `    ${name} ${p.path}: performance ${p.performance} (runs ${p.runs.map((r) => r.performance).join(", ")}), LCP ${n(p.lcpMs)} ms, TBT ${n(p.tbtMs)} ms, ` +
        `CLS ${roundCls(p.cls).toFixed(3)}, FCP ${n(p.fcpMs)} ms; accessibility ${p.accessibility}, best practices ${p.bestPractices}, SEO ${p.seo}`,
    );
    for (const c of p.checks) {
      const value = c.name === "CLS" ? c.value.toFixed(3) : c.name === "LCP" || c.name === "TBT" ? `${n(c.value)} ms` : String(c.value);
      lines.push(`    ${verdict(c.pass)}  ${name} ${c.name} ${value} (budget ${c.budget})`);
    }
    if (p.lcpMs > LIGHTHOUSE_BUDGETS.lcpMs && p.lcpElement) lines.push(`      LCP element: ${p.lcpElement}`);
    for (const [category, audits] of Object.entries(p.failing)) {
      lines.push(`      ${category} lost points on (in its median run):`);
      for (const a of audits) {
        lines.push(`        ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
        for (const item of a.items ?? []) lines.push(`          - ${item}`);
      }
    }
  }
  return lines;
}

/** Every check of every page passed. */
export const lighthouseOk = (lh) => Object.values(lh.pages).every((p) => p.checks.every((c) => c.pass));
