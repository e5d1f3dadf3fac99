import { spawnSync } from "node:child_process";
import { renameSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../src/server/http/openapi";
import { appRouter } from "../../src/server/routers/_app";
import { TMP_DIR } from "../setup/paths";
import { createTestDb } from "../helpers/db";
import { startTestServer, type ApiInit } from "../helpers/http";
import { checked, checkExchange, prismFor, type Exchange } from "../helpers/openapi-check";
import { createFixture } from "../helpers/rest-catalogue";
import { catalogueOperations, restCases, toRequest } from "../helpers/rest-cases";

/**
 * The OpenAPI document says what the server does: Redocly's recommended rules pass it, and Stoplight
 * Prism finds nothing to object to in an answer to each of its operations (a success and the
 * refusals of its kind). Every other REST test's answers are checked the same way (tests/helpers/http.ts).
 */
const db = createTestDb();
const api = await startTestServer(db);
const fixture = await createFixture(db, api);
const document = buildOpenApiDocument(appRouter, "/api");
const operations = catalogueOperations();

describe("the OpenAPI document", () => {
  it("is the one served at /api/openapi.json", async () => {
    const served = await api.request("/api/openapi.json");
    expect(served.status).toBe(200);
    expect(served.json).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it("passes Redocly's recommended rules (tests/openapi/redocly.yaml says what is set aside, and why)", () => {
    // Written where tests/openapi/.redocly.lint-ignore.yaml expects it; renamed into place so a parallel run never reads half a file.
    const file = `${TMP_DIR}/openapi.json`;
    writeFileSync(`${file}.${process.pid}`, JSON.stringify(document, null, 2));
    renameSync(`${file}.${process.pid}`, file);
    const lint = spawnSync(
      process.execPath,
      ["node_modules/@redocly/cli/bin/cli.js", "lint", "tests/.tmp/openapi.json", "--config=tests/openapi/redocly.yaml", "--format=json"],
      {
        encoding: "utf8",
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      },
    );
    const report = JSON.parse(lint.stdout) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(lint.status).toBe(0);
  });

  it("describes every answer to every operation, as Prism checks it", async () => {
    const problems: string[] = [];
    const statuses = new Map<string, number[]>();
    for (const c of restCases()) {
      const audience = operations.find((o) => o.operation === c.operation)!.audience;
      const { url, init } = toRequest(c.operation, audience, await c.build(fixture), fixture);
      try {
        const res = await api.request(url, init);
        statuses.set(c.operation, [...(statuses.get(c.operation) ?? []), res.status]);
        if (c.name === "success" && res.status >= 300) problems.push(`${c.operation} success answered ${res.status}: ${res.text.slice(0, 300)}`);
        const wanted = /\((\d{3})\)$/.exec(c.name)?.[1];
        if (wanted && res.status !== Number(wanted)) problems.push(`${c.operation} ${c.name} answered ${res.status}: ${res.text.slice(0, 300)}`);
      } catch (e) {
        problems.push(`${c.operation} (${c.name}): ${(e as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
    // Each operation was routed by Prism to its own entry of the document, and answered with a success.
    expect([...checked.keys()].filter((op) => !operations.some((o) => o.operation === op))).toEqual([]);
    for (const { operation } of operations) {
      expect(checked.get(operation), operation).toBeGreaterThan(0);
      expect(
        statuses.get(operation)?.some((s) => s < 300),
        operation,
      ).toBe(true);
    }
  });
});

/** One real exchange with the server, outside the automatic check. */
async function exchange(url: string, init: ApiInit = {}): Promise<Exchange> {
  const headers: Record<string, string> = { ...init.headers };
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  if (body) headers["content-type"] = "application/json";
  if (init.token) headers["x-session-token"] = init.token;
  const method = init.method ?? (body ? "POST" : "GET");
  const res = await fetch(api.origin + url, { method, headers, body });
  return { method, url, requestHeaders: headers, requestBody: body, status: res.status, responseHeaders: res.headers, responseText: await res.text() };
}

/** A copy of the document with one thing said wrongly. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each change reaches into the document's JSON freely
function misdocumented(change: (doc: any) => void): object {
  const copy = structuredClone(document);
  change(copy);
  return copy;
}

describe("the check of answers against the document", () => {
  const messages = async (doc: object | null, ex: Exchange) =>
    (await checkExchange(ex, await prismFor(doc ?? undefined))).violations.map((v) => `${v.side}: ${v.message}`);

  it("passes what the server really does", async () => {
    expect(await messages(null, await exchange("/api/competitions"))).toEqual([]);
    expect(await messages(null, await exchange(`/api/competitions/${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}`))).toEqual([]);
  });

  it("checks every operation's success body (a schema Prism could not compile would let anything through)", async () => {
    const served = await prismFor();
    const unchecked: string[] = [];
    for (const { operation, method, path, op } of operations) {
      const status = Object.keys(op.responses ?? {}).find((s) => s.startsWith("2"))!;
      const headers = new Headers({ "content-type": "application/json", "x-request-id": "abcdefgh", "cache-control": "no-store" });
      const url = `/api${path.replace(/\{[^}]+\}/g, "abc")}`;
      const result = await checkExchange(
        { method, url, requestHeaders: {}, status: Number(status), responseHeaders: headers, responseText: '"not what any operation answers"' },
        served,
      );
      if (!result.violations.some((v) => v.side === "response" && v.path?.[0] === "body")) unchecked.push(`${operation} ${status}`);
    }
    expect(unchecked).toEqual([]);
  });

  it("fails a public operation documented as needing a session", async () => {
    const doc = misdocumented((d) => (d.paths["/competitions"].get.security = [{ sessionToken: [] }]));
    expect(await messages(doc, await exchange("/api/competitions"))).toEqual([expect.stringMatching(/^request: .*security/i)]);
  });

  it("fails an error body with a field the document does not declare (data, issues)", async () => {
    const withoutData = misdocumented((d) => {
      delete d.components.schemas.ProcedureError.properties.data;
      d.components.schemas.ProcedureError.required = ["message", "code", "appCode"];
    });
    expect(await messages(withoutData, await exchange("/api/competitions/no-such-competition"))).toContainEqual(expect.stringContaining("found 'data'"));
    const withoutIssues = misdocumented((d) => delete d.components.schemas.ProcedureError.properties.issues);
    const invalid = await exchange("/api/auth/login", { body: { email: 42, password: ["x"] } });
    expect(await messages(withoutIssues, invalid)).toContainEqual(expect.stringContaining("found 'issues'"));
  });

  it("fails a success status, a header or an appCode the document does not have", async () => {
    const entry = await exchange("/api/entries", {
      token: fixture.customer.token,
      body: { competitionId: fixture.competitionId, customerName: "Check", customerEmail: "check@example.test", answer: "green", quantity: 1 },
    });
    expect(entry.status).toBe(201);
    const no201 = misdocumented((d) => delete d.paths["/entries"].post.responses["201"]);
    expect((await messages(no201, entry)).length).toBeGreaterThan(0);
    const extraHeader = misdocumented((d) => (d.paths["/health"].get.responses["200"].headers["X-Missing"] = { required: true, schema: { type: "string" } }));
    expect(await messages(extraHeader, await exchange("/api/health"))).toContainEqual(expect.stringMatching(/x-missing/i));
    const fewerCodes = misdocumented((d) => (d.components.schemas.AppErrorCode.enum = ["INVALID_INPUT"]));
    expect((await messages(fewerCodes, await exchange("/api/auth/user"))).length).toBeGreaterThan(0);
  });
});
