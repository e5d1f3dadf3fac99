import type { TRPCClient } from "@trpc/client";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { AppRouter } from "../routers/_app";
import type { Logger } from "../logger";
import { isServerRendered } from "./server-rendered";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Server rendering of the public pages (issue #31): the page's HTML, drawn by React with its data,
 * inside the built index.html, with the reads it was drawn from for the browser to hydrate with.
 *
 * Every visitor gets the same page for an address (who is signed in is read by the browser, as
 * before: the header shows neither "Sign In" nor the account until then, so a signed-in visitor never
 * sees the signed-out header). So a page is cached, compressed, until the shop's data changes (the
 * read cache's version, bumped by every write) or a minute passes (countdowns, a competition closing
 * on its own clock).
 */
export interface PageRendererOptions {
  /** The built storefront: index.html and .vite/manifest.json. */
  clientDir: string;
  /** Calls the procedures in process, as an anonymous visitor. */
  trpcClient: TRPCClient<AppRouter>;
  /** The shop's data version (ResponseCache): a page drawn at an older one is drawn again. */
  version: () => number;
  logger: Logger;
  /** Head tags and status of a page (description, canonical, previews); none when absent. */
  head?: (pathname: string, origin: string, now: Date) => Promise<{ status: 200 | 404; tags: string }>;
  now?: () => Date;
}

interface Page {
  version: number;
  at: number;
  status: number;
  etag: string;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** How long a drawn page is served before it is drawn again even without a write. */
export const PAGE_MAX_AGE_MS = 60_000;
const MAX_PAGES = 2000;
const MAX_BYTES = 64 * 1024 * 1024;

interface Template {
  head: string;
  bodyStart: string;
  bodyMid: string;
  bodyEnd: string;
  title: string;
}

/** index.html cut where the page's head tags, its markup and its data go. */
function readTemplate(clientDir: string): Template | null {
  const file = join(clientDir, "index.html");
  if (!existsSync(file)) return null;
  const html = readFileSync(file, "utf8");
  const headEnd = html.indexOf("</head>");
  const start = html.indexOf("<!--app-->");
  const end = html.indexOf("<!--/app-->");
  const data = html.indexOf("<!--app-data-->");
  if (headEnd < 0 || start < 0 || end < start || data < end) return null;
  const rawHead = html.slice(0, headEnd);
  const title = /<title>[^<]*<\/title>/.exec(rawHead)?.[0] ?? "";
  // The page's own title and description replace the shell's.
  // The page is painted from its HTML: its code is not announced ahead (modulepreload), so that on a
  // phone's connection the stylesheet and the page's main picture are not shared with 200 KB of code.
  // The entry module finds the rest itself, and hydrates once it has arrived.
  const head = rawHead
    .replace(/\s*<title>[^<]*<\/title>/, "")
    .replace(/\s*<meta\s+name="description"[^>]*>/, "")
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
  return {
    head,
    bodyStart: html.slice(headEnd, start),
    bodyMid: html.slice(end + "<!--/app-->".length, data),
    bodyEnd: html.slice(data + "<!--app-data-->".length),
    title,
  };
}

/**
 * Who is signed in is read by the browser itself: the page is the same for every visitor. (A read too
 * large to travel in the page is left to the browser too: MAX_CARRIED_CHARS in entry-server.tsx.)
 */
const BROWSER_READS = new Set(["public.auth.session"]);

/** Public reads a page may be drawn from: the same for every visitor. */
export function readableOnServer(procedurePath: string): boolean {
  return procedurePath.startsWith("public.") && !BROWSER_READS.has(procedurePath);
}

export function createPageRenderer(opts: PageRendererOptions) {
  const template = readTemplate(opts.clientDir);
  if (!template) return null;
  const now = opts.now ?? (() => new Date());
  const pages = new Map<string, Page>();
  const pending = new Map<string, Promise<Page | null>>();
  let bytes = 0;

  async function draw(pathname: string, origin: string): Promise<Page | null> {
    const version = opts.version();
    const at = now();
    const { renderPage } = await import("../../client/entry-server");
    const [page, head] = await Promise.all([
      renderPage(pathname, { trpcClient: opts.trpcClient, snapshot: { now: at.getTime(), origin }, readable: readableOnServer }),
      opts.head ? opts.head(pathname, origin, at) : Promise.resolve(null),
    ]);
    const status = page.unmatched || page.notFound || head?.status === 404 ? 404 : 200;
    const title = page.head.includes("<title>") ? "" : template!.title;
    const html = template!.head + title + page.head + (head?.tags ?? "") + template!.bodyStart + page.html + template!.bodyMid + page.data + template!.bodyEnd;
    const raw = Buffer.from(html);
    const [br, gz] = await Promise.all([brotliAsync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }), gzipAsync(raw, { level: 6 })]);
    return { version, at: at.getTime(), status, etag: `"${createHash("sha1").update(raw).digest("base64url")}"`, raw, br, gzip: gz };
  }

  function remember(key: string, page: Page) {
    const previous = pages.get(key);
    if (previous) bytes -= previous.raw.length + previous.br.length + previous.gzip.length;
    if (!previous && (pages.size >= MAX_PAGES || bytes > MAX_BYTES)) {
      pages.clear();
      bytes = 0;
    }
    pages.set(key, page);
    bytes += page.raw.length + page.br.length + page.gzip.length;
  }

  /** The page as cached (while fresh), or the drawing under way; undefined when a drawing must start. */
  function ready(key: string): Page | Promise<Page | null> | undefined {
    const cached = pages.get(key);
    if (cached && cached.version === opts.version() && now().getTime() - cached.at < PAGE_MAX_AGE_MS) return cached;
    // While the page is being drawn again, others asking meanwhile get the last drawing (at most one
    // drawing old) rather than wait: on a launch night every sale is a write, and a popular page is
    // then drawn at most once at a time, however many are looking at it.
    const running = pending.get(key);
    if (running) return cached && now().getTime() - cached.at < PAGE_MAX_AGE_MS ? cached : running;
    return undefined;
  }

  /** The page as cached, a drawing under way, or a new drawing when `mayDraw` allows one ("refused" otherwise). */
  async function pageFor(pathname: string, origin: string, mayDraw: () => boolean | Promise<boolean>): Promise<Page | null | "refused"> {
    const key = `${origin}${pathname}`;
    const found = ready(key);
    if (found) return found;
    if (!(await mayDraw())) return "refused";
    // Another request may have started the drawing while this one was asked for its budget.
    const meanwhile = ready(key);
    if (meanwhile) return meanwhile;
    const job = draw(pathname, origin)
      .then((page) => {
        if (page) remember(key, page);
        return page;
      })
      .catch((err: unknown) => {
        opts.logger.error("page render failed", { path: pathname, err: err instanceof Error ? err.message : String(err) });
        return null;
      })
      .finally(() => pending.delete(key));
    pending.set(key, job);
    return job;
  }

  /**
   * Answers a GET or HEAD of a public page with its server-drawn HTML; false when the page is the
   * browser's to draw (or drawing failed). A page that must be drawn (not cached, not under way) is
   * first charged to the caller by `mayDraw`, which answers the request itself when it refuses: an
   * address asking for page after page that no one else asks for (random paths, unknown ids) costs
   * the server a drawing each, and so is held to the same budget as the API.
   */
  return async function servePage(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    origin: string,
    mayDraw: () => boolean | Promise<boolean> = () => true,
  ): Promise<boolean> {
    if (!isServerRendered(pathname)) return false;
    const page = await pageFor(pathname, origin, mayDraw);
    if (page === "refused") return true;
    if (!page) return false;
    const accept = String(req.headers["accept-encoding"] ?? "");
    const [body, encoding] = /\bbr\b/.test(accept) ? [page.br, "br"] : /\bgzip\b/.test(accept) ? [page.gzip, "gzip"] : [page.raw, undefined];
    res.setHeader("ETag", page.etag);
    res.setHeader("Vary", "Accept-Encoding");
    // Revalidated on every visit (the page changes when the shop's data does); a 304 costs a few bytes.
    res.setHeader("Cache-Control", "no-cache");
    if (page.status === 200 && req.headers["if-none-match"] === page.etag) {
      res.writeHead(304).end();
      return true;
    }
    const headers: Record<string, string | number> = { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length };
    if (encoding) headers["Content-Encoding"] = encoding;
    res.writeHead(page.status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };
}
