import type { IncomingMessage } from "node:http";
import { and, gte, inArray, or, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { competitions } from "../../../db/schema";

/*
 * What search engines are told: robots.txt keeps the private parts of the shop (accounts, checkout,
 * admin, the API, the simulated bank) out of their index, and sitemap.xml lists the public pages and
 * every competition a visitor can still read about: on sale, closed and awaiting its draw, or drawn
 * in the last three months. Absolute addresses come from PUBLIC_ORIGIN (the request's own host when
 * it is not set, as in development).
 */

/** The storefront's public pages, as the router has them (the landing page has its own layout). */
export const PUBLIC_PAGES = [
  "/",
  "/competitions",
  "/winners",
  "/live",
  "/about",
  "/contact",
  "/women-in-agriculture",
  "/terms",
  "/privacy",
  "/safer-play",
  "/our-commitments",
];

/** Paths crawlers are asked to leave alone: nothing there is for a search result. */
export const PRIVATE_PATHS = ["/account", "/checkout", "/admin", "/api/", "/auth", "/unsubscribe", "/payments/", "/objects/"];

/** How long a drawn competition stays in the sitemap: its page (winners, the draw's proof) is still worth finding. */
const RECENTLY_DRAWN_MS = 90 * 24 * 60 * 60 * 1000;

/** The shop's origin for absolute links: PUBLIC_ORIGIN, else the host the request came to. */
export function originOf(req: IncomingMessage, publicOrigin?: string): string {
  if (publicOrigin) return publicOrigin.replace(/\/+$/, "");
  const host = typeof req.headers.host === "string" && /^[A-Za-z0-9.:[\]-]{1,255}$/.test(req.headers.host) ? req.headers.host : "localhost";
  return `http://${host}`;
}

export function robotsTxt(origin: string): string {
  return ["User-agent: *", ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

export async function sitemapXml(db: Db, origin: string, now: Date): Promise<string> {
  const listed = await db
    .select({ id: competitions.id, status: competitions.status, updatedAt: competitions.updatedAt })
    .from(competitions)
    .where(
      or(
        inArray(competitions.status, ["active", "closed"]),
        and(eq(competitions.status, "drawn"), gte(competitions.drawDate, new Date(now.getTime() - RECENTLY_DRAWN_MS))),
      ),
    );
  const urls = [
    ...PUBLIC_PAGES.map((path) => `  <url><loc>${xml(origin + path)}</loc></url>`),
    ...listed.map((c) => `  <url><loc>${xml(`${origin}/competition/${encodeURIComponent(c.id)}`)}</loc><lastmod>${c.updatedAt.toISOString()}</lastmod></url>`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
