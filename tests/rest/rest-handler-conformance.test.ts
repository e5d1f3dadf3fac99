import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { poolOf } from "../../db/postgres-db";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { sqliteSimulatedStore } from "../../src/server/payments/simulated-store";
import { createTestDb } from "../helpers/db";
import { startTestServer, type ApiInit } from "../helpers/http";
import { PassThroughCache } from "../helpers/library-rest";
import { createFixture } from "../helpers/rest-catalogue";
import { catalogueOperations, restCases, toRequest, type Case } from "../helpers/rest-cases";
import { freePort } from "../helpers/server-process";

/**
 * http/rest.ts rebuilds trpc-to-openapi's Node handler from the package's internals (its route
 * table, coercion helpers, error codes, tRPC's getErrorShape), so an upgrade of either package can
 * change it silently. Here the shop's app runs twice over one database, once with ours and once
 * with the library's own handler (tests/helpers/library-server.ts), and every request of the REST
 * catalogue (a success and the refusals of each documented operation) goes to both: status, the
 * headers that carry meaning and the body must be the same, ids and times aside.
 */
const db = createTestDb();
// The simulated bank keeps its challenges in the database, so a challenge begun through one server can be answered at another.
const simulator = () => new SimulatedPaymentProvider({ store: sqliteSimulatedStore(db) });
const setup = await startTestServer(db, { services: { payments: simulator() } });
const ours = await startTestServer(db, { cache: new PassThroughCache(), services: { payments: simulator() } });
// The same database: its URL on PostgreSQL, its file on SQLite.
const library = await startLibraryServer(poolOf(db)?.options.connectionString ?? db.$client.name);
const fixture = await createFixture(db, setup);
const operations = catalogueOperations();
const cases = restCases();

/** Where ours differs on purpose, with the reason; each must still be met, so a change on either side is noticed. */
const ON_PURPOSE: Record<string, string> = {
  "POST /contact: no body at all (400)":
    "app.ts reads an absent body as {} (the procedure then names what is missing); the library refuses a POST without Content-Type with 415",
  "PUT /user/preferences: invalid input (400)":
    "ours keeps a JSON body's types (http/rest.ts InputPlan.coerce); the library coerces them, so a string is taken as marketingEmail: true",
  "POST /admin/player-protection/{userId}/restrict: invalid input (400)":
    "ours keeps a JSON body's types (http/rest.ts InputPlan.coerce); the library coerces them, so an object is taken as restricted: true",
  "GET /user/export: success":
    "a download (meta.download): ours writes the document as it is made (http/download.ts); the library can only send the procedure's return value as JSON",
  "GET /admin/entries/export: success":
    "a download (meta.download): ours writes the CSV as it is made (http/download.ts); the library can only send the procedure's return value as JSON",
};

async function startLibraryServer(database: string): Promise<{ origin: string }> {
  const port = await freePort();
  let out = "";
  const proc = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL("../helpers/library-server.ts", import.meta.url))], {
    // production: the library's own router check (a generated document) trips on the union input of PUT /admin/competitions/{id}.
    env: { ...process.env, NODE_ENV: "production", HARVEST_DB: database, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (c) => (out += c));
  proc.stderr!.on("data", (c) => (out += c));
  afterAll(() => void proc.kill());
  for (let i = 0; i < 400 && proc.exitCode === null; i++) {
    if (out.includes("listening")) return { origin: `http://127.0.0.1:${port}` };
    await new Promise((r) => setTimeout(r, 50));
  }
  proc.kill();
  throw new Error(`the library-backed server did not start:\n${out}`);
}

interface Answer {
  status: number;
  headers: Record<string, string | null>;
  body: unknown;
}

/** A value as it would be in any run: ids, times, tokens, seeds, the server's own address and the catalogue's unique suffixes replaced. */
function normalised(value: unknown, key = ""): unknown {
  if (["token", "uptimeSeconds", "requestId", "reference"].includes(key) && value !== null) return `<${key}>`;
  if (typeof value === "string") {
    return value
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "<uuid>")
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, "<time>")
      .replace(/\b[0-9a-f]{64}\b/g, "<sha256>")
      .replace(/\b1\d{12}\b/g, "<ms>")
      .replace(/\bu\d+u\b/gi, "<unique>")
      .replace(/\buser\d+-[0-9a-f]{8}@/g, "<user>@")
      .replace(/^http:\/\/127\.0\.0\.1:\d+/, "<origin>")
      .replace(/\bsim_pi_[0-9a-f]{24}\b/g, "<payment>");
  }
  if (Array.isArray(value)) return value.map((v) => normalised(v));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalised(v, k)]));
  return value;
}

async function answer(origin: string, url: string, init: ApiInit): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined = init.rawBody;
  if (body === undefined && init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  if (init.token) headers["x-session-token"] = init.token;
  const res = await fetch(origin + url, { method: init.method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: compared as text */
  }
  const meaningful = ["content-type", "cache-control", "retry-after", "etag"];
  return { status: res.status, headers: Object.fromEntries(meaningful.map((h) => [h, res.headers.get(h)])), body: normalised(parsed) };
}

async function bothAnswer(c: Case): Promise<[Answer, Answer]> {
  const audience = operations.find((o) => o.operation === c.operation)!.audience;
  // A request that uses something up (a session, a competition to draw) is made anew for each server.
  const shared = c.fresh ? null : await c.build(fixture);
  const send = async (origin: string) => {
    const { url, init } = toRequest(c.operation, audience, shared ?? (await c.build(fixture)), fixture);
    return answer(origin, url, init);
  };
  return [await send(ours.origin), await send(library.origin)];
}

describe("http/rest.ts answers as trpc-to-openapi's own handler does", () => {
  for (const { operation } of operations) {
    it(operation, async () => {
      for (const c of cases.filter((x) => x.operation === operation)) {
        const label = `${operation}: ${c.name}`;
        const [a, b] = await bothAnswer(c);
        if (ON_PURPOSE[label]) {
          expect(a, `${label} differs on purpose, as ON_PURPOSE says`).not.toEqual(b);
          continue;
        }
        expect(a, label).toEqual(b);
      }
    });
  }

  it("meets every difference listed as on purpose", () => {
    const labels = new Set(cases.map((c) => `${c.operation}: ${c.name}`));
    expect(Object.keys(ON_PURPOSE).filter((label) => !labels.has(label))).toEqual([]);
  });
});

describe("where ours differs on purpose", () => {
  it("keeps a JSON body's types, and leaves the procedure's schema as it was for the tRPC face", async () => {
    const id = fixture.customer.id;
    const body = { restricted: "false", reason: "A string is not a boolean" };
    const rest = await ours.request(`/api/admin/player-protection/${id}/restrict`, { token: fixture.admin.token, body });
    expect(rest.status).toBe(400);
    expect(rest.json.issues[0]).toMatchObject({ path: ["restricted"], code: "invalid_type" });
    const trpc = await fetch(`${ours.origin}/api/trpc/admin.protection.restrict`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-session-token": fixture.admin.token },
      body: JSON.stringify({ userId: id, ...body }),
    });
    expect(trpc.status).toBe(400);
    // Strings from the query and the path are still coerced, as the library does.
    expect((await ours.request("/api/winners?limit=2")).status).toBe(200);
  });
});
