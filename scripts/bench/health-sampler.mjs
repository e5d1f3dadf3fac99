// Asks `GET url` in its own worker thread (so the bench's own reading of a big download does not add
// to what it measures), each time on a new connection as an external monitor would, one at a time
// with `intervalMs` between an answer and the next question (so the probes cannot queue behind one
// another and measure themselves), until told "stop"; then posts { latencies, failures }.
import { request } from "node:http";
import { parentPort, workerData } from "node:worker_threads";

const { url, intervalMs } = workerData;
const latencies = [];
let failures = 0;
let stopped = false;

const probe = () =>
  new Promise((resolve) => {
    const req = request(url, { agent: false, timeout: 60_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode === 200 || res.statusCode === 503));
      res.on("error", () => resolve(false));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve(false));
    req.end();
  });

const done = (async () => {
  while (!stopped) {
    const started = performance.now();
    const ok = await probe();
    latencies.push(performance.now() - started);
    if (!ok) failures += 1;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
})();

parentPort.on("message", async (message) => {
  if (message !== "stop") return;
  stopped = true;
  await done;
  parentPort.postMessage({ latencies, failures });
});
