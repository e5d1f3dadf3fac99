import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { appRouter } from "../../src/server/routers/_app";
import { AccessDenied } from "../../src/server/trpc/middleware/auth";
import { callerAs, type As } from "../helpers/caller";
import { createTestDb } from "../helpers/db";

/**
 * Generated from the router itself: every procedure, as anonymous, customer and admin. The group a
 * procedure sits in (public / customer / admin) says who may call it, so a procedure added tomorrow
 * is covered the day it is written.
 */
const db = createTestDb();
const procedures = Object.keys(appRouter._def.procedures).sort();
type Group = "public" | "customer" | "admin";
const allowed: Record<Group, As[]> = { public: [null, "customer", "admin"], customer: ["customer", "admin"], admin: ["admin"] };

async function outcome(as: As, path: string): Promise<"allowed" | 401 | 403> {
  const { caller } = await callerAs(db, as);
  const fn = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (input: unknown) => Promise<unknown>;
  try {
    await fn(undefined);
    return "allowed";
  } catch (err) {
    if (err instanceof TRPCError && err.cause instanceof AccessDenied) {
      return err.code === "UNAUTHORIZED" ? 401 : 403;
    }
    // A server failure is a defect, never a sign the wall let the call through.
    if (!(err instanceof TRPCError) || err.code === "INTERNAL_SERVER_ERROR") {
      throw new Error(`${path} as ${as ?? "anonymous"} failed on the server: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    return "allowed"; // refused for another reason (bad input, not found): the wall let it through
  }
}

describe("access walls, generated from the router", () => {
  it("has procedures, each in the public, customer or admin group", () => {
    expect(procedures.length).toBeGreaterThan(5);
    for (const path of procedures) expect(["public", "customer", "admin"]).toContain(path.split(".")[0]);
  });

  for (const path of procedures) {
    const group = path.split(".")[0] as Group;
    it(`${path}: anonymous, customer and admin are treated as a ${group} procedure`, async () => {
      const anonymous = await outcome(null, path);
      const customer = await outcome("customer", path);
      const admin = await outcome("admin", path);
      expect(anonymous).toBe(allowed[group].includes(null) ? "allowed" : 401);
      expect(customer).toBe(allowed[group].includes("customer") ? "allowed" : 403);
      expect(admin).toBe("allowed");
    });
  }
});
