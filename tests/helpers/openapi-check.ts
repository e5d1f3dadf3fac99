/**
 * Every REST answer the suite receives is checked against the OpenAPI document by Stoplight Prism,
 * the validator of its proxy mode (`prism proxy`), run in-process: the test's own HTTP exchange is
 * handed to Prism's request pipeline (@stoplight/prism-core's factory with prism-http's router and
 * validators, as prism-http's createInstance assembles them) in place of the one its proxy would
 * forward, so Prism routes it, checks the request's security and input, then checks the answer's
 * status, media type, headers and body. tests/helpers/http.ts calls this after each request, so a
 * document that says something the server does not do (or the reverse) fails whichever test met it.
 * Prism's mocker is left out: it loads a fake-data library that would cost every test file a second.
 */
import { factory } from "@stoplight/prism-core";
import type { IHttpConfig, IHttpRequest, IHttpResponse } from "@stoplight/prism-http";
import routeModule from "@stoplight/prism-http/dist/router/index.js";
import type * as OperationsModule from "@stoplight/prism-http/dist/utils/operations.js";
import { validateInput, validateOutput, validateSecurity } from "@stoplight/prism-http/dist/validator/index.js";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildOpenApiDocument } from "../../src/server/http/openapi";
import { appRouter } from "../../src/server/routers/_app";
import { TMP_DIR } from "../setup/paths";

// A CommonJS default export: Node hands over the whole exports object, a bundler its `default`.
const route = (routeModule as unknown as { default?: typeof routeModule }).default ?? routeModule;

type IHttpOperation = Awaited<ReturnType<typeof OperationsModule.getHttpOperationsFromSpec>>[number];
type Operations = IHttpOperation[];
type Prism = ReturnType<typeof factory<IHttpOperation, IHttpRequest, IHttpResponse, IHttpConfig>>;

/** Prism's reader of a document, loaded only when a document is read rather than found in tests/.tmp. */
async function getHttpOperationsFromSpec(document: object): Promise<Operations> {
  const reader: typeof OperationsModule = await import("@stoplight/prism-http/dist/utils/operations.js");
  return reader.getHttpOperationsFromSpec(document);
}

export interface Violation {
  /** Where Prism found it: "request" (what the test sent) or "response" (what the server answered). */
  side: "request" | "response";
  severity: "error" | "warning";
  message: string;
  /** Where in the message, e.g. ["body", "data", "requestId"]. */
  path?: string[];
}

export interface CheckResult {
  /** The document's operation, e.g. "GET /competitions/{id}"; null when the request matches none. */
  operation: string | null;
  violations: Violation[];
}

/** What the suite has checked so far in this process, by operation. */
export const checked = new Map<string, number>();

const silent = {
  child: () => silent,
  trace: () => {},
  debug: () => {},
  info: () => {},
  success: () => {},
  warn: () => {},
  error: () => {},
  fatal: () => {},
};

/** The document's base path: paths in it are under this (app.ts serves it with servers[0].url = /api). */
const BASE = "/api";

/** The exchange handed to Prism for the request it is checking, in place of one it would forward. */
const answers = new WeakMap<IHttpRequest, IHttpResponse>();

// fp-ts values, as Prism's pipeline expects them back from a `forward` component: a TaskEither
// (a function returning a promise of an Either) inside a Reader (a function of the logger).
const right = <T>(value: T) => ({ _tag: "Right" as const, right: value });
const forward =
  ({ data }: { data: IHttpRequest }) =>
  () =>
  () =>
    Promise.resolve(right(answers.get(data)!));

let prism: Promise<{ prism: Prism; operations: Operations }> | null = null;

/**
 * Prism's reading of the document (every $ref resolved, each operation bundled) takes half a second,
 * and each test file runs in a process of its own: the reading is kept in tests/.tmp under the
 * document's hash, and every file after the first reads it back in milliseconds.
 */
async function operationsOfServedDocument(): Promise<Operations> {
  const text = JSON.stringify(buildOpenApiDocument(appRouter, BASE));
  const name = `prism-operations-${createHash("sha256").update(text).digest("hex").slice(0, 16)}`;
  const file = join(TMP_DIR, `${name}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as Operations;
  const operations = await getHttpOperationsFromSpec(JSON.parse(text));
  for (const old of readdirSync(TMP_DIR).filter((f) => f.startsWith("prism-operations-") && !f.startsWith(name))) rmSync(join(TMP_DIR, old), { force: true });
  // Renamed into place, so a file running beside this one never reads half of it.
  writeFileSync(`${file}.${process.pid}`, JSON.stringify(operations));
  renameSync(`${file}.${process.pid}`, file);
  return operations;
}

/** Prism over a document: the one app.ts serves unless a test hands it another (to prove a mismatch is caught). */
export function prismFor(document?: object) {
  const reading = document ? getHttpOperationsFromSpec(structuredClone(document)) : operationsOfServedDocument();
  return reading.then((operations) => ({
    operations,
    prism: factory<IHttpOperation, IHttpRequest, IHttpResponse, IHttpConfig>(
      {
        mock: { dynamic: false },
        checkSecurity: true,
        validateRequest: true,
        validateResponse: true,
        // As `prism proxy` without --errors: every violation is reported, none is answered for the server.
        errors: false,
        isProxy: true,
        upstream: new URL("http://127.0.0.1"),
        upstreamProxy: undefined,
      },
      {
        route,
        validateInput,
        // Typed for the part of a request it reads, as prism-http's createInstance passes it too.
        validateSecurity: validateSecurity as never,
        validateOutput,
        forward: forward as never,
        mock: () => () => {
          throw new Error("Prism's mocker is not used: every exchange is the server's own");
        },
        logger: silent as never,
      },
    ),
  }));
}

export interface Exchange {
  method: string;
  /** The path and query as requested, e.g. /api/competitions?x=1. */
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status: number;
  responseHeaders: Headers;
  responseText: string;
}

/** Checks one HTTP exchange against the document with Prism. */
export async function checkExchange(exchange: Exchange, against?: Awaited<ReturnType<typeof prismFor>>): Promise<CheckResult> {
  const { prism: instance, operations } = against ?? (await (prism ??= prismFor()));
  const url = new URL(exchange.url, "http://localhost");
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  const headers = Object.fromEntries(Object.entries(exchange.requestHeaders).map(([k, v]) => [k.toLowerCase(), v]));
  if (exchange.requestBody !== undefined) headers["content-length"] = String(Buffer.byteLength(exchange.requestBody));
  const request: IHttpRequest = {
    method: exchange.method.toLowerCase() as IHttpRequest["method"],
    url: { path: url.pathname.slice(BASE.length) || "/", query },
    headers,
    body: parseBody(headers["content-type"], exchange.requestBody),
  };
  const responseHeaders: Record<string, string> = {};
  exchange.responseHeaders.forEach((value, name) => (responseHeaders[name] = value));
  answers.set(request, {
    statusCode: exchange.status,
    headers: responseHeaders,
    // As Prism's proxy reads an answer (utils/parseResponse): JSON by media type, text otherwise.
    body:
      exchange.status !== 204 && /^application\/(.+\+)?json\b/.test(responseHeaders["content-type"] ?? "")
        ? parseJson(exchange.responseText)
        : exchange.responseText,
  });
  const result = await instance.request(request, operations)();
  if (result._tag === "Left") throw result.left;
  const { input, output } = result.right.validations;
  if (input.some((v) => v.message === "Selected route not found")) return { operation: null, violations: [] };
  // The router's choice: of the templates that match, the one with fewest parameters (/notifications/unread-count before /notifications/{id}).
  const resource = operations
    .filter((op) => op.method === request.method && matches(op.path, request.url.path))
    .sort((a, b) => a.path.split("{").length - b.path.split("{").length)[0];
  const operation = resource ? `${resource.method.toUpperCase()} ${resource.path}` : `${request.method.toUpperCase()} ${request.url.path}`;
  checked.set(operation, (checked.get(operation) ?? 0) + 1);
  const severity = (s: number): Violation["severity"] => (s === 0 ? "error" : "warning");
  const violations: Violation[] = [
    // A request the document forbids may well be refused (the suite sends many on purpose); accepting it means the two disagree.
    ...(exchange.status < 300
      ? input.filter((v) => v.severity === 0).map((v) => ({ side: "request" as const, severity: "error" as const, message: v.message, path: v.path }))
      : []),
    ...output.map((v) => ({ side: "response" as const, severity: severity(v.severity), message: v.message, path: v.path })),
  ];
  return { operation, violations };
}

function parseBody(contentType: string | undefined, body: string | undefined): unknown {
  if (body === undefined) return undefined;
  return /json/.test(contentType ?? "") ? parseJson(body) : body;
}

/** JSON, or the text itself when it is not JSON (Prism then says it is not what was declared). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Whether a request path falls under a document path template such as /competitions/{id} (a parameter may be empty, as Prism's router has it). */
function matches(template: string, path: string): boolean {
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]*");
  return new RegExp(`^${pattern}$`).test(path);
}

/** A readable account of what Prism found, for a failing test's message. */
export function describeViolations(exchange: Pick<Exchange, "method" | "url" | "status" | "responseText">, result: CheckResult): string {
  const lines = result.violations.map((v) => `  - ${v.side} ${v.severity}: ${v.message}${v.path?.length ? ` (at ${v.path.join(".")})` : ""}`);
  return [
    `The OpenAPI document and the server disagree on ${exchange.method} ${exchange.url} (${result.operation}), answered ${exchange.status}:`,
    ...lines,
    `  body: ${exchange.responseText.slice(0, 600)}`,
  ].join("\n");
}
