import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResponseCache } from "../../src/server/http/response-cache";

const cache = new ResponseCache();
let computes = 0;
let value = "first";
let server: Server;
let url = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    void cache.serve(req, res, "/thing", async () => {
      computes += 1;
      await new Promise((r) => setTimeout(r, 20)); // a read that takes a while
      return { value };
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/thing`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("ResponseCache", () => {
  it("computes once for readers who arrive together, and again only after a write", async () => {
    const burst = () => Promise.all(Array.from({ length: 25 }, () => fetch(url).then((r) => r.json())));
    expect(new Set((await burst()).map((b) => b.value))).toEqual(new Set(["first"]));
    expect(computes).toBe(1);
    await burst();
    expect(computes).toBe(1);

    value = "second";
    cache.invalidate();
    expect(new Set((await burst()).map((b) => b.value))).toEqual(new Set(["second"]));
    expect(computes).toBe(2);
  });
});
