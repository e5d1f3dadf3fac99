// `npm test`: lint (ESLint, Prettier), type-check, unit/integration/REST tests (Vitest), the production build, the
// production server on the newest Node 24 release, the benchmark's smoke run, then end-to-end tests in Chromium
// (Playwright). Everything runs on Node 24 LTS: npm runs this script with node_modules/.bin first on PATH, where
// `npm ci` put the pinned Node 24 (scripts/runtime.mjs re-runs it there when started by hand on an older Node).
// Prints one closing line with the totals.
import "./runtime.mjs"; // first: Node 24 LTS, or a plain message
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const tmp = join(root, "tests/.tmp");
rmSync(join(tmp, "reports"), { recursive: true, force: true });
mkdirSync(join(tmp, "reports"), { recursive: true });
const bin = (name) => join(root, "node_modules/.bin", name);
const only = process.argv[2]; // optional: "unit" (Vitest only) or "e2e"

function run(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  // Children that start `node` themselves (tool shebangs, Playwright's web server) get this Node 24 too.
  const path = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ""}`;
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, PATH: path, ...env } });
  console.log(`  ${title}: exit ${result.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

let ok = true;
let passed = 0;
let failed = 0;
let skipped = 0;

if (!only) {
  // ESLint (the layers, where-less Drizzle writes, hooks) and Prettier, as `npm run lint`; `npm run format` fixes most.
  ok = run("Lint and formatting", "npm", ["run", "lint", "--silent"]) && ok;
  ok = run("Type check", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"]) && ok;
}

function countVitest(report) {
  if (!existsSync(report)) return void (failed += 1);
  const r = JSON.parse(readFileSync(report, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}

if (!only || only === "unit") {
  // tests/deploy runs the shop behind Debian's Caddy and nginx: installed here when missing.
  ok = run("Reverse proxies check", process.execPath, [join(root, "scripts/ensure-proxy.mjs")]) && ok;
  // The server suites' real PostgreSQL (tests/helpers/postgres.ts): Debian's package, installed here when missing.
  ok = run("PostgreSQL check", process.execPath, [join(root, "scripts/ensure-postgres.mjs")]) && ok;
  const report = join(tmp, "reports/vitest.json");
  ok = run("Unit, integration and REST tests", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]) && ok;
  countVitest(report);
  // The server suites again, on a real PostgreSQL that the run starts itself (tests/setup/global-setup.ts).
  const pgReport = join(tmp, "reports/vitest-postgres.json");
  ok =
    run("Integration and REST tests on PostgreSQL", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${pgReport}`], {
      SHOP_TEST_ENGINE: "postgres",
    }) && ok;
  countVitest(pgReport);
}

// The production build (storefront and server bundle) serves the benchmark smoke run and the browser tests.
if (!only || only === "e2e") ok = run("Production build", process.execPath, [join(root, "scripts/build.mjs")]) && ok;
if (!only) ok = run("Production server on the newest Node 24", process.execPath, [join(root, "scripts/newest-node.mjs")]) && ok;
if (!only) ok = run("Benchmark smoke run", process.execPath, [join(root, "scripts/bench.mjs"), "--quick"]) && ok;

if (!only || only === "e2e") {
  ok = run("Browser check", process.execPath, [join(root, "scripts/ensure-browser.mjs")]) && ok;
  const report = join(tmp, "reports/playwright.json");
  ok =
    run("End-to-end tests (Chromium)", bin("playwright"), ["test", "-c", "tests/e2e/playwright.config.ts"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    }) && ok;
  if (existsSync(report)) {
    const s = JSON.parse(readFileSync(report, "utf8")).stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    skipped += s.skipped ?? 0;
  } else failed += 1;
}

if (!ok && failed === 0) failed = 1;
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(ok ? 0 : 1);
