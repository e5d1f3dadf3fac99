// "Server-rendered page vs its JSON": on one shop, in one run, the rate of an anonymous visitor's
// `GET /competition/{id}` asking for HTML as a browser does, against the cached JSON read of the same
// competition (`GET /api/competitions/{id}`). After a second of each unmeasured, the two are measured in
// alternating blocks (JSON, HTML, HTML, JSON), so a slower minute of a shared machine falls on both. Budget: the page at ≥ 50 % of the
// JSON's rate (scripts/bench/budgets.mjs).
import autocannon from "autocannon";
import { request } from "node:http";
import { address, perConnectionAddress } from "./shop.mjs";
import { pageVsJsonCheck, verdict } from "./budgets.mjs";

/** What a browser sends for a page it navigates to. */
export const HTML_HEADERS = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "br, gzip",
  "user-agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36",
};
/** What the storefront's data fetch sends. */
export const JSON_HEADERS = { accept: "application/json", "accept-encoding": "br, gzip" };

/** One request on its own: status, type, encoding and the bytes on the wire (the body as sent). */
function probe(base, path, headers) {
  return new Promise((resolve, reject) => {
    const req = request(base + path, { headers }, (res) => {
      let bytes = 0;
      res.on("data", (c) => (bytes += c.length));
      res.on("end", () =>
        resolve({
          status: res.statusCode,
          contentType: res.headers["content-type"] ?? "",
          contentEncoding: res.headers["content-encoding"] ?? "identity",
          bytes,
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * The phase. `block` is the X-Forwarded-For block of the shop's load connections (10.block.x.y), each
 * connection standing for `addresses` visitors, as the other read phases do (the shop must trust the proxy
 * header: TRUST_PROXY=true); `seconds` is each of the four blocks' length.
 */
export async function pageVsJson({ base, competitionId, seconds, block = 11, addresses = 32, connections = 100, log = () => {} }) {
  const pagePath = `/competition/${competitionId}`;
  const jsonPath = `/api/competitions/${competitionId}`;
  const page = await probe(base, pagePath, HTML_HEADERS);
  const json = await probe(base, jsonPath, JSON_HEADERS);
  if (page.status !== 200 || !page.contentType.startsWith("text/html")) throw new Error(`GET ${pagePath} answered ${page.status} ${page.contentType}`);
  if (json.status !== 200) throw new Error(`GET ${jsonPath} answered ${json.status}`);
  log(`Server-rendered page vs its JSON: GET ${pagePath} (HTML) against GET ${jsonPath}, ${seconds}s blocks, JSON, HTML, HTML, JSON…`);
  const run = (path, headers, duration = seconds) =>
    new Promise((resolve, reject) =>
      autocannon(
        perConnectionAddress({ url: base, connections, duration, requests: [{ method: "GET", path, headers }] }, (n) => address(block, n), addresses),
        (err, res) => (err ? reject(err) : resolve(res)),
      ),
    );
  // A second of each first, unmeasured: neither is the one that meets a cold server.
  await run(jsonPath, JSON_HEADERS, 1);
  await run(pagePath, HTML_HEADERS, 1);
  const runs = { json: [], html: [] };
  for (const kind of ["json", "html", "html", "json"])
    runs[kind].push(await run(kind === "html" ? pagePath : jsonPath, kind === "html" ? HTML_HEADERS : JSON_HEADERS));
  const figures = (rs, probed) => ({
    reqPerSec: Math.round(rs.reduce((n, r) => n + r.requests.total, 0) / rs.reduce((s, r) => s + r.duration, 0)),
    p99Ms: Math.max(...rs.map((r) => r.latency.p99)),
    errors: rs.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
    bytes: probed.bytes,
    contentEncoding: probed.contentEncoding,
  });
  const html = figures(runs.html, page);
  const jsonFigures = figures(runs.json, json);
  return { competitionId, html, json: jsonFigures, ...pageVsJsonCheck(html.reqPerSec, jsonFigures.reqPerSec) };
}

const n = (x) => Math.round(x).toLocaleString("en-GB");

export function pageVsJsonLines(p) {
  return [
    `  Server-rendered page vs its JSON (anonymous, same shop, alternating blocks):`,
    `    GET /competition/{id} (HTML, ${p.html.contentEncoding}, ${n(p.html.bytes)} B)   ${n(p.html.reqPerSec)} req/s, p99 ${p.html.p99Ms} ms, errors ${p.html.errors}`,
    `    GET /api/competitions/{id} (JSON, ${p.json.contentEncoding}, ${n(p.json.bytes)} B)   ${n(p.json.reqPerSec)} req/s, p99 ${p.json.p99Ms} ms, errors ${p.json.errors}`,
    `    ${verdict(p.pass)}  page at ${(p.share * 100).toFixed(0)} % of the JSON's rate (budget ≥ ${p.budget * 100} %)`,
  ];
}

/** The budget met and no request failed. */
export const pageVsJsonOk = (p) => p.pass && p.html.errors === 0 && p.json.errors === 0;
