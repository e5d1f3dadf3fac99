// `node scripts/bench/profile-summary.mjs <file.cpuprofile> [top]`: where a V8 CPU profile's time
// went, by function (self time) and by package or source folder.
import { readFileSync } from "node:fs";

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: profile-summary.mjs <file.cpuprofile> [top]");
  process.exit(2);
}
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map();
const deltas = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[i] ?? 0));
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const where = (url) => {
  if (!url) return "(native / vm)";
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  const src = /\/(src\/[^/]+\/[^/]+|db\/[^/]+|src\/[^/]+)/.exec(url);
  if (src) return src[1];
  if (url.startsWith("node:")) return url;
  return url.split("/").slice(-2).join("/");
};
const fn = new Map();
const pkg = new Map();
for (const [id, us] of selfUs) {
  const { callFrame: f } = byId.get(id);
  const key = `${f.functionName || "(anonymous)"}  ${where(f.url)}:${f.lineNumber + 1}`;
  fn.set(key, (fn.get(key) ?? 0) + us);
  const p = f.url ? where(f.url) : f.functionName.startsWith("(") ? f.functionName : "(native / vm)";
  pkg.set(p, (pkg.get(p) ?? 0) + us);
}
const show = (title, m, n) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) {
    console.log(`${((us / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
  }
};
console.log(`${(total / 1e6).toFixed(1)} s sampled`);
show("By package or folder (self time)", pkg, 20);
show("By function (self time)", fn, top);
