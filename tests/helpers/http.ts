import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";
import type { Db } from "../../db/client";
import { createApp, type AppOptions } from "../../src/server/app";
import { checkExchange, describeViolations } from "./openapi-check";

export interface TestServer {
  url: string;
  origin: string;
  request: (path: string, init?: ApiInit) => Promise<ApiResponse>;
}

export interface ApiInit {
  method?: string;
  body?: unknown;
  /** Sent verbatim (no JSON encoding). */
  rawBody?: string;
  token?: string | null;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever body the API sent
  json: any;
  text: string;
}

/** Starts the real HTTP app on an ephemeral loopback port for this test file. */
export async function startTestServer(db: Db, opts: Partial<AppOptions> = {}): Promise<TestServer> {
  const server: Server = createServer(createApp({ db, ...opts }));
  // As the production server (src/server/main.ts): an idle keep-alive connection stays open for 65 s.
  // With Node's default of 5 s, a test that pauses longer between requests (a slow check on a busy
  // machine) can reuse a connection just as the server closes it, and fetch fails with ECONNRESET.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const request = async (path: string, init: ApiInit = {}): Promise<ApiResponse> => {
    const headers: Record<string, string> = { ...init.headers };
    let body: string | undefined;
    if (init.rawBody !== undefined) body = init.rawBody;
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers["content-type"] ??= "application/json";
    }
    if (init.token) headers["x-session-token"] = init.token;
    const method = init.method ?? (body ? "POST" : "GET");
    const res = await fetch(origin + path, { method, headers, body });
    const text = await res.text();
    // Every answer on a documented path must be what the OpenAPI document says (HEAD is GET without a body).
    if (path.startsWith("/api/") && method !== "HEAD") {
      const exchange = { method, url: path, requestHeaders: headers, requestBody: body, status: res.status, responseHeaders: res.headers, responseText: text };
      const result = await checkExchange(exchange);
      if (result.violations.length > 0) throw new Error(describeViolations(exchange, result));
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json, text };
  };
  return { url: origin, origin, request };
}
