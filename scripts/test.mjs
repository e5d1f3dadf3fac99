// `npm test`: lint (ESLint, Prettier), type-check, then unit/integration/REST tests (Vitest) on the machine's Node (20) and again
// on Node 24 LTS, then end-to-end tests in Chromium (Playwright). Prints one closing line with the totals.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const tmp = join(root, "tests/.tmp");
rmSync(join(tmp, "reports"), { recursive: true, force: true });
mkdirSync(join(tmp, "reports"), { recursive: true });
const bin = (name) => join(root, "node_modules/.bin", name);
const only = process.argv[2]; // optional: "unit" (both Node passes), "node24" (the Node 24 pass only) or "e2e"

function run(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
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
  const report = join(tmp, "reports/vitest.json");
  ok = run("Unit, integration and REST tests", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]) && ok;
  countVitest(report);
}

// Node 24 LTS: the `node-<platform>-<arch>` package of the npm registry (what the `node` package installs)
// carries the runtime and its headers. Both it and a second build of better-sqlite3 for it live in
// tests/.tmp/node24 (kept between runs, rebuilt when either version changes); the Node 20 build in
// node_modules stays untouched, and scripts/node24-sqlite-binding.cjs points the Node 24 processes at
// the second build. Only the server suites run here (the type tests do not depend on the runtime).
const NODE24 = "24.9.0";
function prepareNode24() {
  const dir = join(tmp, "node24");
  const sqliteVersion = JSON.parse(readFileSync(join(root, "node_modules/better-sqlite3/package.json"), "utf8")).version;
  const key = `node ${NODE24} ${process.platform}-${process.arch}, better-sqlite3 ${sqliteVersion}`;
  const nodeDir = join(dir, "node");
  const sqliteDir = join(dir, "better-sqlite3");
  const stamp = join(dir, "ready.txt");
  const ready = { node: join(nodeDir, "bin/node"), binding: join(sqliteDir, "build/Release/better_sqlite3.node") };
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === key && existsSync(ready.node) && existsSync(ready.binding)) {
    console.log(`  cached: ${key}`);
    return ready;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const quiet = (cmd, args, opts = {}) => {
    const r = spawnSync(cmd, args, { cwd: dir, encoding: "utf8", ...opts });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (exit ${r.status}):\n${r.stdout ?? ""}${r.stderr ?? ""}${r.error ?? ""}`);
  };
  const pkg = `node-${process.platform}-${process.arch}@${NODE24}`;
  console.log(`  fetching ${pkg} from the npm registry`);
  quiet("npm", ["pack", pkg, "--silent"]);
  const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"));
  if (!tarball) throw new Error(`npm pack ${pkg} wrote no tarball`);
  quiet("tar", ["xzf", tarball]);
  rmSync(join(dir, tarball));
  renameSync(join(dir, "package"), nodeDir);
  console.log(`  compiling better-sqlite3 ${sqliteVersion} for Node ${NODE24} (about a minute)`);
  const source = join(root, "node_modules/better-sqlite3");
  cpSync(source, sqliteDir, { recursive: true, filter: (f) => !f.startsWith(join(source, "build")) });
  quiet("npm", ["run", "build-release", "--silent"], {
    cwd: sqliteDir,
    env: { ...process.env, PATH: `${join(nodeDir, "bin")}:${process.env.PATH}`, npm_config_nodedir: nodeDir },
  });
  if (!existsSync(ready.binding)) throw new Error("the better-sqlite3 build for Node 24 produced no addon");
  writeFileSync(stamp, key);
  return ready;
}

if (!only || only === "unit" || only === "node24") {
  const title = "Unit, integration and REST tests on Node 24";
  const report = join(tmp, "reports/vitest-node24.json");
  let node24;
  try {
    console.log(`\n▶ Node ${NODE24} runtime and better-sqlite3 build`);
    const started = Date.now();
    node24 = prepareNode24();
    console.log(`  ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (e) {
    console.error(`  could not prepare Node ${NODE24}: ${e.message}`);
    ok = false;
  }
  if (node24) {
    const abi = spawnSync(node24.node, ["-p", "process.versions.modules"], { encoding: "utf8" }).stdout.trim();
    const hook = join(root, "scripts/node24-sqlite-binding.cjs");
    ok =
      run(
        title,
        node24.node,
        [
          join(root, "node_modules/vitest/vitest.mjs"),
          "run",
          "tests/unit",
          "tests/integration",
          "tests/rest",
          "tests/reliability",
          "--typecheck.enabled=false",
          "--reporter=default",
          "--reporter=json",
          `--outputFile.json=${report}`,
        ],
        {
          PATH: `${dirname(node24.node)}:${process.env.PATH}`,
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${JSON.stringify(hook)}`.trim(),
          HARVEST_SQLITE_BINDING: node24.binding,
          HARVEST_SQLITE_BINDING_ABI: abi,
        },
      ) && ok;
    countVitest(report);
  } else failed += 1;
}

// The production build (storefront and server bundle) serves the benchmark smoke run and the browser tests.
if (!only || only === "e2e") ok = run("Production build", process.execPath, [join(root, "scripts/build.mjs")]) && ok;
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
