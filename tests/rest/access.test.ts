import { describe, expect, it } from "vitest";
import { appRouter } from "../../src/server/routers/_app";
import { NOT_ADMIN_MESSAGE, SIGNED_OUT_MESSAGE } from "../../src/server/trpc/middleware/auth";
import { createUserWithSession } from "../factories/users";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

/** Every REST path declared on a procedure, over real HTTP, as anonymous, customer and admin. */
const db = createTestDb();
const api = await startTestServer(db);

type Rest = { procedure: string; method: string; path: string };
const routes: Rest[] = Object.entries(appRouter._def.procedures).flatMap(([procedure, p]) => {
  const openapi = (p as unknown as { _def: { meta?: { openapi?: { method: string; path: string } } } })._def.meta?.openapi;
  return openapi ? [{ procedure, method: openapi.method, path: openapi.path }] : [];
});

/** A fresh session per call: a route such as logout ends the session it is called with. */
async function wall(route: Rest, as: null | "user" | "admin"): Promise<"allowed" | 401 | 403> {
  const token = as ? (await createUserWithSession(db, as)).token : null;
  const path = "/api" + route.path.replace(/\{[^}]+\}/g, crypto.randomUUID());
  const res = await api.request(path, {
    method: route.method,
    token,
    ...(["POST", "PUT", "PATCH"].includes(route.method) ? { body: {} } : {}),
  });
  if (res.status === 401 && res.json?.message === SIGNED_OUT_MESSAGE) return 401;
  if (res.status === 403 && res.json?.message === NOT_ADMIN_MESSAGE) return 403;
  expect(res.status, `${route.method} ${path} must not fail on the server`).toBeLessThan(500);
  return "allowed";
}

describe("REST access walls", () => {
  it("declares the documented auth paths", () => {
    const declared = routes.map((r) => `${r.method} ${r.path}`);
    for (const p of ["GET /auth/user", "POST /auth/login", "POST /auth/register", "POST /auth/logout", "PUT /auth/profile", "GET /admin/settings"]) {
      expect(declared).toContain(p);
    }
  });

  for (const route of routes) {
    const group = route.procedure.split(".")[0];
    it(`${route.method} /api${route.path} (${route.procedure})`, async () => {
      expect(await wall(route, null)).toBe(group === "public" ? "allowed" : 401);
      expect(await wall(route, "user")).toBe(group === "admin" ? 403 : "allowed");
      expect(await wall(route, "admin")).toBe("allowed");
    });
  }
});
