import { describe, expect, it } from "vitest";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

const db = createTestDb();
const api = await startTestServer(db, { maxBodyBytes: 10_000 });

describe("bad input over REST", () => {
  it("answers an unknown /api path with a JSON 404", async () => {
    const res = await api.request("/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.json.message).toBe("Not found");
  });

  it("answers a documented path with a trailing slash as unknown, not as the list or an empty id", async () => {
    expect((await api.request("/api/competitions")).status).toBe(200);
    const res = await api.request("/api/competitions/");
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ appCode: "NOT_FOUND" });
  });

  it("answers HEAD as GET without a body: 404 for an unknown path, the GET's status for a known one", async () => {
    const unknown = await api.request("/api/no-such-thing", { method: "HEAD" });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe("");
    const signedOut = await api.request("/api/auth/user", { method: "HEAD" });
    expect(signedOut.status).toBe(401);
    expect(signedOut.text).toBe("");
  });

  it("answers malformed JSON with 400 and a clear message", async () => {
    const res = await api.request("/api/auth/login", { method: "POST", rawBody: '{"email": "a@b.co",', headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Malformed JSON in request body");
  });

  it("answers wrong types with 400 naming the fields", async () => {
    const res = await api.request("/api/auth/login", { body: { email: 42, password: ["x"] } });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Input validation failed");
    expect([...new Set(res.json.issues.map((i: { path: string[] }) => i.path[0]))].sort()).toEqual(["email", "password"]);
  });

  it("answers an oversized body with 413", async () => {
    const res = await api.request("/api/auth/login", { body: { email: "a@b.co", password: "x".repeat(20_000) } });
    expect(res.status).toBe(413);
    expect(res.json.message).toContain("larger than");
  });

  it("answers a non-JSON body with 415", async () => {
    const res = await api.request("/api/auth/login", { method: "POST", rawBody: "email=a", headers: { "content-type": "text/plain" } });
    expect(res.status).toBe(415);
  });

  it("accepts a JSON content type with a charset", async () => {
    const res = await api.request("/api/auth/login", {
      method: "POST",
      rawBody: JSON.stringify({ email: "nobody@example.com", password: "whatever" }),
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(res.status).toBe(401);
  });

  it("never sends a stack trace", async () => {
    const res = await api.request("/api/auth/login", { body: { email: 42 } });
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
    expect(res.text).not.toContain("stack");
  });

  it("publishes an OpenAPI document listing the auth paths", async () => {
    const res = await api.request("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.json.openapi).toMatch(/^3\./);
    for (const path of ["/auth/user", "/auth/login", "/auth/register", "/auth/logout", "/auth/profile", "/admin/settings"]) {
      expect(Object.keys(res.json.paths)).toContain(path);
    }
  });
});
