// `npm test` (after the production build): the production server started on the newest Node.js 24
// release the npm registry has, not only the pinned one the test suites run on, so a Node 24 update
// that breaks the shop (as 24.19 broke the SQLite driver of the time) is seen before an operator's
// `apt upgrade` finds it. The runtime comes from the registry's `node-<platform>-<arch>` package,
// kept in tests/.tmp/node-newest/<version>. The check is what a buyer does: the server starts on a
// fresh database (migrations, seed), serves the storefront and the health check, sells a ticket with
// the simulated card, and stops cleanly on SIGTERM.
import "./runtime.mjs"; // first: Node 24 LTS, or a plain message
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ledger, newCompetition, seedBuyers, startShop } from "./bench/shop.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const LINE = 24;
const pkg = `node-${process.platform === "win32" ? "win" : process.platform}-${process.arch}`;

const byVersion = (a, b) => {
  const [x, y] = [a, b].map((v) => v.split(".").map(Number));
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

/** The newest Node `LINE`.x the registry has for this machine, unpacked once; null when the registry cannot be asked. */
function newestNode() {
  const view = spawnSync("npm", ["view", `${pkg}@${LINE}`, "version", "--json"], { encoding: "utf8" });
  if (view.status !== 0) return { error: `npm view ${pkg}@${LINE} failed: ${(view.stderr || view.stdout).trim().split("\n")[0]}` };
  const listed = JSON.parse(view.stdout);
  const version = (Array.isArray(listed) ? listed : [listed])
    .filter((v) => /^\d+\.\d+\.\d+$/.test(v))
    .sort(byVersion)
    .at(-1);
  if (!version) return { error: `the registry lists no ${pkg}@${LINE}` };
  const dir = join(root, "tests/.tmp/node-newest", version);
  const node = join(dir, "bin/node");
  if (!existsSync(node)) {
    rmSync(dir, { recursive: true, force: true });
    const work = `${dir}.download`;
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    const pack = spawnSync("npm", ["pack", `${pkg}@${version}`, "--silent"], { cwd: work, encoding: "utf8" });
    const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"));
    if (pack.status !== 0 || !tarball) return { error: `npm pack ${pkg}@${version} failed: ${pack.stderr.trim()}` };
    const untar = spawnSync("tar", ["xzf", tarball], { cwd: work, encoding: "utf8" });
    if (untar.status !== 0) return { error: `unpacking ${tarball} failed: ${untar.stderr.trim()}` };
    renameSync(join(work, "package"), dir);
    rmSync(work, { recursive: true, force: true });
  }
  return { version, node };
}

const found = newestNode();
let node = process.execPath;
if (found.error) {
  // Offline (no registry): the pinned Node 24 the suites ran on is the newest this machine can get.
  console.log(`  ${found.error}; using the installed Node ${process.versions.node}`);
} else {
  node = found.node;
  console.log(`  newest Node ${LINE} in the registry: ${found.version} (the suites ran on ${process.versions.node})`);
}

const failures = [];
const check = (ok, what) => {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) failures.push(what);
};

const shop = await startShop({ root, node, env: { LOG_LEVEL: "error" } });
try {
  const running = spawnSync(node, ["-p", "process.version"], { encoding: "utf8" }).stdout.trim();
  const health = await fetch(`${shop.base}/api/health`);
  const body = await health.json();
  check(health.status === 200 && body.status === "ok", `the production server started on Node ${running}: /api/health answers ${health.status} ${body.status}`);
  const home = await fetch(`${shop.base}/`);
  const html = await home.text();
  check(home.status === 200 && html.includes('id="root"'), `the storefront is served (${home.status}, ${html.length} bytes)`);
  const listed = await (await fetch(`${shop.base}/api/competitions`)).json();
  check(Array.isArray(listed.competitions ?? listed) && (listed.competitions ?? listed).length > 0, "the seeded competitions are listed");

  const [token] = seedBuyers(shop.db, 1, "newest-node");
  const cid = newCompetition(shop.db, 100, { title: "Newest Node Tractor" });
  const bought = await fetch(`${shop.base}/api/entries`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-session-token": token },
    body: JSON.stringify({
      competitionId: cid,
      customerName: "Node Buyer",
      customerEmail: "node-buyer@example.test",
      answer: "green",
      quantity: 3,
      paymentToken: "sim_approve",
    }),
  });
  const after = ledger(shop.db, cid);
  check(
    bought.status === 201 && after.paidTickets === 3 && after.sold === 3 && after.duplicates === 0,
    `a purchase of 3 tickets is paid and numbered (${bought.status}, ${after.paidTickets} paid tickets)`,
  );
} catch (err) {
  check(false, `the production server on the newest Node: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await shop.stop();
  check(shop.proc.exitCode === 0, `it stops cleanly on SIGTERM (exit ${shop.proc.exitCode ?? shop.proc.signalCode})`);
  rmSync(shop.dataDir, { recursive: true, force: true });
}
process.exit(failures.length ? 1 : 0);
