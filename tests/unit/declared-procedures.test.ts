import { describe, expect, it } from "vitest";
import { successStatuses, declaredProcedures } from "../../src/server/http/declared";
import { buildOpenApiDocument } from "../../src/server/http/openapi";
import { publicReadsOf, restPattern } from "../../src/server/http/public-reads";
import { appRouter } from "../../src/server/routers/_app";
import { BREAK_PERIODS } from "../../src/server/services/protection";
import { CACHED_PUBLIC_READS } from "../../src/shared/public-reads";
import { competitionUpdate } from "../../src/shared/schemas/admin";
import { BREAK_PERIOD_CHOICES } from "../../src/shared/schemas/protection";
import { campaignPayload } from "../factories/competitions";

/** The REST tables are read from each procedure's meta; these prove what they are read as. */
const procedures = declaredProcedures(appRouter);
const reads = publicReadsOf(appRouter);

describe("the cached public reads", () => {
  it("are exactly the list the web app batches apart (src/shared/public-reads.ts)", () => {
    const declared = procedures.filter((p) => p.meta.cache === "public").map((p) => p.path);
    expect([...declared].sort()).toEqual([...CACHED_PUBLIC_READS].sort());
  });

  it("are all queries with a documented GET path, matched as documented", () => {
    for (const read of reads) {
      const { openapi } = procedures.find((p) => p.path === read.path)!.meta;
      expect(openapi?.method, read.path).toBe("GET");
      const sample = `/api${openapi!.path.replace(/\{[^}]+\}/g, "abc-123")}`;
      const m = read.rest?.exec(sample);
      expect(m, `${read.path} matches ${sample}`).toBeTruthy();
      expect(m!.slice(1)).toEqual(read.params.map(() => "abc-123"));
      expect(read.rest!.test(`${sample}/more`)).toBe(false);
    }
  });

  it("send each REST path to one read only, with its path parameters as the input", () => {
    const get = reads.find((r) => r.path === "public.competitions.get")!;
    expect(get.params).toEqual(["id"]);
    expect(get.rest!.exec("/api/competitions/0b7d8a3e-5c1f-4c57-9f0a-2f1f6f1d2b3c")?.[1]).toBe("0b7d8a3e-5c1f-4c57-9f0a-2f1f6f1d2b3c");
    const owners = (pathname: string) => reads.filter((r) => r.rest?.test(pathname)).map((r) => r.path);
    expect(owners("/api/competitions")).toEqual(["public.competitions.list"]);
    expect(owners("/api/hero-slides/active")).toEqual(["public.content.heroSlides"]);
    expect(owners("/api/settings/winners_display_count")).toEqual(["public.content.winnersDisplayCount"]);
    // What /live polls during the draw and the home page's promotion are; the admin's running order and a winner's claims are not.
    expect(owners("/api/live")).toEqual(["public.live.evening"]);
    expect(owners("/api/promotion")).toEqual(["public.live.promotion"]);
    expect(owners("/api/admin/live")).toEqual([]);
    expect(owners("/api/user/claims")).toEqual([]);
    // The draw record and an admin list are not cached public reads.
    expect(owners("/api/competitions/abc/draw")).toEqual([]);
    expect(owners("/api/hero-slides")).toEqual([]);
  });

  it("build a path parameter that stays short and plain, and take the rest of a path literally", () => {
    const { rest, params } = restPattern("/a.b/{slug}/c");
    expect(params).toEqual(["slug"]);
    expect(rest.test("/api/a.b/x-1/c")).toBe(true);
    expect(rest.test("/api/aXb/x-1/c")).toBe(false);
    expect(rest.test("/api/a.b/x%2F1/c")).toBe(false);
    expect(rest.test(`/api/a.b/${"x".repeat(65)}/c`)).toBe(false);
  });
});

describe("REST success statuses", () => {
  it("are read from meta: 201 for an entry made", () => {
    expect(successStatuses(appRouter)).toEqual({
      "public.entries.create": 201,
      "admin.customers.addNote": 201,
      "admin.customers.addCredit": 201,
      "customer.account.changeEmail": 202,
      "customer.account.resendVerification": 202,
      "public.auth.forgotPassword": 202,
    });
  });

  it("are declared only on procedures with a REST path, and are 2xx", () => {
    for (const { path, meta } of procedures.filter((p) => p.meta.successStatus !== undefined)) {
      expect(meta.openapi, path).toBeDefined();
      expect(meta.successStatus, path).toBeGreaterThanOrEqual(200);
      expect(meta.successStatus, path).toBeLessThan(300);
    }
  });
});

describe("PUT /admin/competitions/{id}", () => {
  it("is one of two shapes, a status change or a whole campaign, and the OpenAPI document shows both", () => {
    const operation = buildOpenApiDocument(appRouter, "/api").paths?.["/admin/competitions/{id}"]?.put;
    expect(operation?.parameters).toEqual([expect.objectContaining({ in: "path", name: "id", required: true })]);
    const body = operation?.requestBody as { content: { "application/json": { schema: { oneOf: Array<{ properties: object; required: string[] }> } } } };
    const [statusChange, edit] = body.content["application/json"].schema.oneOf;
    // The id travels in the path; the body may repeat it (a record sent back as read), never needs it.
    expect(Object.keys(statusChange!.properties)).toEqual(["status", "id"]);
    expect(statusChange!.required).toEqual(["status"]);
    expect(edit!.properties).toHaveProperty("title");
    expect(edit!.required).not.toContain("id");
    expect(edit!.properties).toHaveProperty("soldTickets.description", "Read-only: accepted and ignored");
  });

  it("tells the shapes apart by the keys sent, and names the problem of the one meant", () => {
    expect(competitionUpdate.parse({ id: "c1", status: "closed" })).toEqual({ id: "c1", status: "closed" });
    expect(competitionUpdate.parse({ id: "c1", ...campaignPayload({ price: 4 }) })).toMatchObject({
      id: "c1",
      title: "Admin Test Baler",
      price: "4.00",
      status: "active",
    });
    const message = (input: unknown) => competitionUpdate.safeParse(input).error?.issues[0]?.message;
    expect(message({ id: "c1", status: "open" })).toMatch(/^status: Invalid option/);
    expect(message({ id: "c1", status: "closed", title: "Renamed" })).toBe("description: Description is required");
    expect(message({ id: "c1", ...campaignPayload({ endDate: new Date(0).toISOString() }) })).toBe("endDate: End date must be after the start date");
  });
});

describe("shared input schemas", () => {
  it("offer exactly the break periods the service knows", () => {
    expect([...BREAK_PERIOD_CHOICES].sort()).toEqual(Object.keys(BREAK_PERIODS).sort());
  });
});
