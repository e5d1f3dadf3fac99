// Small load-generation helpers for the attack phases: one client = one keep-alive connection sending
// requests one after another, every loop bounded by a deadline and every request by a timeout.
import { Agent, request } from "node:http";
import { Worker } from "node:worker_threads";

/** A client with its own single keep-alive connection (and so, to the shop, its own X-Forwarded-For). */
export function client(base, headers = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(base);
  return {
    /**
     * One request. Resolves (never rejects) with { status, ms, bytes, text, headers }; status is
     * "timeout" or "error" when no answer came. `keepBody: false` only counts the body's bytes.
     */
    send({ method = "GET", path, body, extraHeaders = {}, timeoutMs = 10_000, keepBody = true }) {
      return new Promise((resolve) => {
        const started = performance.now();
        let settled = false;
        const done = (r) => {
          if (settled) return;
          settled = true;
          resolve({ ms: performance.now() - started, bytes: 0, text: "", headers: {}, ...r });
        };
        const payload = body === undefined ? undefined : Buffer.from(typeof body === "string" ? body : JSON.stringify(body));
        const req = request(
          {
            agent,
            hostname,
            port,
            method,
            path,
            timeout: Math.max(1, timeoutMs),
            headers: { ...headers, ...extraHeaders, ...(payload ? { "content-type": "application/json", "content-length": payload.length } : {}) },
          },
          (res) => {
            const chunks = [];
            let bytes = 0;
            res.on("data", (c) => {
              bytes += c.length;
              if (keepBody) chunks.push(c);
            });
            res.on("end", () => done({ status: res.statusCode, bytes, text: keepBody ? Buffer.concat(chunks).toString("utf8") : "", headers: res.headers }));
            res.on("error", () => done({ status: "error", bytes }));
          },
        );
        req.on("timeout", () => req.destroy(new Error("timeout")));
        req.on("error", (err) => done({ status: err.message === "timeout" ? "timeout" : "error" }));
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Adds one to counts[key]. */
export const tally = (counts, key) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

export function percentiles(values) {
  if (values.length === 0) return { p50Ms: 0, p99Ms: 0, maxMs: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const r = (x) => Math.round(x * 10) / 10;
  return { p50Ms: r(at(0.5)), p99Ms: r(at(0.99)), maxMs: r(sorted[sorted.length - 1]) };
}

/** Runs the health prober (scripts/bench/prober.mjs) in a worker thread; resolves with its figures. */
export function probeHealth({ url, intervalMs = 100, durationMs, timeoutMs = 20_000, headers }) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./prober.mjs", import.meta.url), { workerData: { url, intervalMs, durationMs, timeoutMs, headers } });
    worker.once("message", (m) => {
      resolve({ probes: m.latencies.length, ...percentiles(m.latencies), failures: m.failures, statusCodes: m.statusCodes });
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}
