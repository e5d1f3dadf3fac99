// A health prober in its own worker thread (so the load generator's event loop does not add to what it
// measures): `GET url` every `intervalMs` for `durationMs`, each on a new connection as an external
// monitor would, each given up after `timeoutMs`. Posts { latencies, statusCodes, failures } when done.
import { request } from "node:http";
import { parentPort, workerData } from "node:worker_threads";

const { url, intervalMs, durationMs, timeoutMs, headers = {} } = workerData;
const latencies = [];
const statusCodes = {};
let failures = 0;

function probe() {
  return new Promise((resolve) => {
    const started = performance.now();
    let settled = false;
    const done = (status) => {
      if (settled) return;
      settled = true;
      latencies.push(performance.now() - started);
      statusCodes[status] = (statusCodes[status] ?? 0) + 1;
      if (status !== 200) failures += 1;
      resolve();
    };
    const req = request(url, { agent: false, headers, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on("end", () => done(res.statusCode));
      res.on("error", () => done("error"));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (err) => done(err.message === "timeout" ? "timeout" : "error"));
    req.end();
  });
}

const count = Math.max(1, Math.floor(durationMs / intervalMs));
const start = performance.now();
const pending = [];
for (let i = 0; i < count; i++) {
  const wait = start + i * intervalMs - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  pending.push(probe());
}
await Promise.all(pending);
parentPort.postMessage({ latencies, statusCodes, failures });
