import { describe, expect, it } from "vitest";
import { createUserWithSession } from "../factories/users";
import { createTestDb } from "../helpers/db";
import { startTestServer, type TestServer } from "../helpers/http";

/**
 * A cookie-authenticated write must come from the shop's own origin: the same scheme, host and
 * port. The http side of a host:port is another origin than its https side.
 */
const db = createTestDb();
const plain = await startTestServer(db);
const behindProxy = await startTestServer(db, { config: { trustProxy: true } });
const withPublicOrigin = await startTestServer(db, { config: { allowedOrigins: ["https://shop.example/"] } });

const profile = { firstName: "Rhiannon", lastName: "Price", phone: null, address: "Bryn", city: "Bala", postcode: "LL23 7AA", country: "Wales" };

async function writeFrom(api: TestServer, origin: string, headers: Record<string, string> = {}) {
  const { token } = await createUserWithSession(db);
  return api.request("/api/auth/profile", { method: "PUT", body: profile, headers: { cookie: `session=${token}`, origin, ...headers } });
}

describe("the Origin check for cookie-authenticated writes", () => {
  it("accepts the request's own origin, in any spelling of it", async () => {
    expect((await writeFrom(plain, plain.origin)).status).toBe(200);
    expect((await writeFrom(plain, plain.origin.toUpperCase().replace("HTTP", "http"))).status).toBe(200);
  });

  it("refuses the https origin of the same host and port on an http request", async () => {
    const res = await writeFrom(plain, plain.origin.replace("http://", "https://"));
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("Cross-site request refused");
  });

  it("refuses another port, another host and an opaque origin", async () => {
    const port = Number(new URL(plain.origin).port);
    expect((await writeFrom(plain, `http://127.0.0.1:${port === 65535 ? port - 1 : port + 1}`)).status).toBe(403);
    expect((await writeFrom(plain, `http://localhost:${port}`)).status).toBe(403);
    expect((await writeFrom(plain, "null")).status).toBe(403);
  });

  it("takes the scheme from X-Forwarded-Proto only when the proxy is trusted", async () => {
    const https = behindProxy.origin.replace("http://", "https://");
    expect((await writeFrom(behindProxy, https, { "x-forwarded-proto": "https" })).status).toBe(200);
    expect((await writeFrom(behindProxy, behindProxy.origin, { "x-forwarded-proto": "https" })).status).toBe(403);
    expect((await writeFrom(behindProxy, "https://shop.example", { "x-forwarded-proto": "https", "x-forwarded-host": "shop.example" })).status).toBe(200);
    expect((await writeFrom(behindProxy, "http://shop.example", { "x-forwarded-proto": "https", "x-forwarded-host": "shop.example" })).status).toBe(403);
    // Not trusted: the header is ignored and the request is what it is, plain http.
    expect((await writeFrom(plain, plain.origin.replace("http://", "https://"), { "x-forwarded-proto": "https" })).status).toBe(403);
  });

  it("accepts the configured public origin (PUBLIC_ORIGIN) by scheme, host and port", async () => {
    expect((await writeFrom(withPublicOrigin, "https://shop.example")).status).toBe(200);
    expect((await writeFrom(withPublicOrigin, "https://shop.example:443")).status).toBe(200);
    expect((await writeFrom(withPublicOrigin, "http://shop.example")).status).toBe(403);
    expect((await writeFrom(withPublicOrigin, "https://shop.example:8443")).status).toBe(403);
  });
});
