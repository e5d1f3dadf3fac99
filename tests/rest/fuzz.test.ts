import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { competitions } from "../../db/schema";
import { seed } from "../../src/server/seed/seed";
import { appRouter } from "../../src/server/routers/_app";
import { createUserWithSession } from "../factories/users";
import { ledgerProblems } from "../helpers/assertions";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

/**
 * Property: whatever body, query string or path id is sent to any documented REST path, as anyone,
 * the answer is never a 500 or a stack trace, and the ticket ledger stays consistent.
 */
const db = createTestDb();
await seed(db, { demo: true, adminEmail: "fuzz-admin@example.test", adminPassword: "fuzz-admin-pw" });
const api = await startTestServer(db);
const customer = await createUserWithSession(db, "user");
const admin = await createUserWithSession(db, "admin");
const competitionIds = (await db.select({ id: competitions.id }).from(competitions)).map((r) => r.id);

const routes = Object.values(appRouter._def.procedures).flatMap((p) => {
  const openapi = (p as unknown as { _def: { meta?: { openapi?: { method: string; path: string } } } })._def.meta?.openapi;
  return openapi ? [openapi] : [];
});

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const pathId = fc.oneof(
  fc.constantFrom(...competitionIds),
  fc.uuid(),
  fc.string({ maxLength: 40 }),
  fc.constantFrom("..%2F..%2Fetc%2Fpasswd", "%00", "' OR 1=1 --", "null", "-1"),
);
const fieldName = fc.constantFrom(
  "competitionId",
  "quantity",
  "email",
  "password",
  "title",
  "value",
  "userId",
  "page",
  "limit",
  "status",
  "answer",
  "monthlyLimit",
  "period",
  "kind",
  "beacon",
  "id",
);
const body = fc.oneof(jsonValue, fc.dictionary(fieldName, jsonValue, { maxKeys: 6 }));
const query = fc.dictionary(fieldName, fc.string({ maxLength: 30 }), { maxKeys: 4 });

describe("fuzzing every documented REST path", () => {
  it("never answers 500 or leaks a stack trace", async () => {
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom(null, customer.token, admin.token),
        pathId,
        body,
        query,
        async (route, token, id, payload, q) => {
          cases++;
          const path = "/api" + route.path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
          const search = new URLSearchParams(q).toString();
          const withBody = ["POST", "PUT", "PATCH"].includes(route.method);
          const res = await api.request(`${path}${search ? `?${search}` : ""}`, {
            method: route.method,
            token,
            ...(withBody ? { rawBody: JSON.stringify(payload), headers: { "content-type": "application/json" } } : {}),
          });
          expect(res.status, `${route.method} ${path} answered ${res.status}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
          expect(res.text).not.toMatch(/\bat [\w.<>]+ \(.*:\d+:\d+\)/);
          expect(res.text).not.toContain("node_modules");
        },
      ),
      { numRuns: 1500, seed: 20261121 },
    );
    console.log(`fuzz: ${cases} generated requests over ${routes.length} REST paths`);
    const problems = await ledgerProblems(db);
    expect(problems).toMatchObject({ soldMismatch: [], heldMismatch: [], oversold: [], duplicates: [], paidWithoutTickets: [], failedWithTickets: [] });
  }, 120_000);
});
