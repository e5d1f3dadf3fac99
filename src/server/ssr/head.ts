/**
 * What each public page puts in its <head> for link previews and search engines (issue #31): the
 * description, the canonical address, Open Graph and Twitter card tags and JSON-LD, computed on the
 * server because the crawlers of Facebook, WhatsApp and X run no JavaScript.
 *
 * How it is used: the server renderer makes one anonymous in-process caller per app,
 * `createCaller(createContextInner({ db, config, services })).public`, and for each page it renders
 * calls `pageHead(url.pathname, reads, { origin: PUBLIC_ORIGIN, now: new Date() })`. It answers with
 * `status` (404 for an unknown path or competition, whose page then says so), `title` (the same text the
 * page renders as its <title>, from src/shared/page-titles.ts) and `tags`, an HTML string to put in
 * <head> in place of the shell's site-wide description. Every value in it is escaped here. It reads
 * through the same public procedures the pages call, so a page and its preview never disagree.
 * A competition's text depends on `now` (it closes and is drawn on its dates), as well as its data.
 */
import { TRPCError } from "@trpc/server";
import { PREVIEW_IMAGE, previewImagePath } from "../../shared/images";
import { formatLondonDayTime } from "../../shared/london-time";
import { penceOf, penceToDecimal } from "../../shared/money";
import { PAGE_TITLES, SITE_NAME, competitionPageTitle, drawRecordPageTitle } from "../../shared/page-titles";
import type { createCaller } from "../routers/_app";
import { competitionDescription, drawRecordDescription, saleState, type DrawRecord } from "./competition-preview";
import { escapeAttribute } from "./escape";
import { breadcrumbs, competitionProduct, itemList, jsonLdScript, siteGraph } from "./json-ld";
import { cutText, plainText } from "./plain-text";
import { CELEBRATION, FIELDS, SITE_DESCRIPTION, STATIC_PAGES, type Preview } from "./previews";

export interface PageHead {
  status: 200 | 404;
  /** The page's <title> text, which og:title and twitter:title repeat. */
  title: string;
  tags: string;
}

export type PublicCaller = ReturnType<typeof createCaller>["public"];

/** The public reads a page's head may need: each is the one its page makes. */
export interface HeadReads {
  competitions: Pick<PublicCaller["competitions"], "get" | "list">;
  draws: Pick<PublicCaller["draws"], "record">;
  content: Pick<PublicCaller["content"], "about">;
  live: Pick<PublicCaller["live"], "evening">;
}

export interface HeadOptions {
  /** PUBLIC_ORIGIN: every address in the tags is absolute on it. */
  origin: string;
  now: Date;
}

/** Pages of the app that are not for search results (robots.txt keeps crawlers out too); rendered in the browser. */
const PRIVATE_ROUTES = [
  /^\/auth(?:\/(?:forgot|reset|verify))?$/,
  /^\/unsubscribe$/,
  /^\/account(?:\/claims\/[^/]+)?$/,
  /^\/checkout(?:\/(?:direct|complete))?$/,
  /^\/payments\/simulated\/authenticate\/[^/]+$/,
  /^\/admin(?:\/.*)?$/,
];

const meta = (attr: "name" | "property", key: string, content: string) => `<meta ${attr}="${key}" content="${escapeAttribute(content)}">`;
const NOINDEX = meta("name", "robots", "noindex");

function notFound(title: string, description: string): PageHead {
  return { status: 404, title, tags: [NOINDEX, meta("name", "description", description)].join("\n") };
}

const pageNotFound = () => notFound(PAGE_TITLES.notFound, "The page you're after has moved or never existed.");
const competitionNotFound = () => notFound(PAGE_TITLES.competitionNotFound, "This competition doesn't exist or has been removed.");

/** A read that answers "no such record" (or an id it cannot even read, as the page treats it). */
function isMissing(err: unknown): boolean {
  return err instanceof TRPCError && (err.code === "NOT_FOUND" || err.code === "BAD_REQUEST");
}

function orNullIfMissing(err: unknown): null {
  if (isMissing(err)) return null;
  throw err;
}

/** The preview picture's absolute address, and whether it is the 1200 × 630 JPEG made for previews. */
function previewImage(src: string, origin: string): { url: string; made: boolean } {
  const path = previewImagePath(src) ?? previewImagePath(FIELDS.src)!;
  return path.startsWith("/") ? { url: origin + path, made: true } : { url: path, made: false };
}

function renderTags(p: Preview, origin: string): string {
  const url = origin + p.path;
  const image = previewImage(p.picture.src, origin);
  const tags = [
    meta("name", "description", p.description),
    meta("name", "robots", "max-image-preview:large"),
    `<link rel="canonical" href="${escapeAttribute(url)}">`,
    meta("property", "og:type", p.type ?? "website"),
    meta("property", "og:site_name", SITE_NAME),
    meta("property", "og:locale", "en_GB"),
    meta("property", "og:title", p.title),
    meta("property", "og:description", p.description),
    meta("property", "og:url", url),
    meta("property", "og:image", image.url),
    ...(image.made
      ? [
          meta("property", "og:image:type", "image/jpeg"),
          meta("property", "og:image:width", String(PREVIEW_IMAGE.width)),
          meta("property", "og:image:height", String(PREVIEW_IMAGE.height)),
        ]
      : []),
    meta("property", "og:image:alt", p.picture.alt),
    ...(p.pricePence !== undefined
      ? [meta("property", "product:price:amount", penceToDecimal(p.pricePence)), meta("property", "product:price:currency", "GBP")]
      : []),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", p.title),
    meta("name", "twitter:description", p.description),
    meta("name", "twitter:image", image.url),
    meta("name", "twitter:image:alt", p.picture.alt),
    ...(p.jsonLd ?? []).map(jsonLdScript),
  ];
  return tags.join("\n");
}

const competitionPath = (id: string) => `/competition/${encodeURIComponent(id)}`;

/** Home › Competitions › …: the trail to a competition's pages. */
function trail(origin: string, ...steps: Array<{ name: string; path: string }>) {
  return breadcrumbs(
    [{ name: "Home", path: "/" }, { name: "Competitions", path: "/competitions" }, ...steps].map((s) => ({ name: s.name, url: origin + s.path })),
  );
}

async function competitionPreview(id: string, reads: HeadReads, { origin, now }: HeadOptions): Promise<Preview | null> {
  let competition;
  try {
    competition = await reads.competitions.get({ id });
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
  // Only a drawn competition's preview names its winning tickets, which its public draw record holds.
  const record: DrawRecord | null = competition.status === "drawn" ? await reads.draws.record({ id }).catch(orNullIfMissing) : null;
  const path = competitionPath(competition.id);
  const description = competitionDescription(competition, record, now);
  const image = previewImage(competition.image, origin);
  return {
    title: competitionPageTitle(competition.title),
    description,
    path,
    picture: { src: competition.image, alt: competition.title },
    type: "product",
    pricePence: penceOf(competition.price),
    jsonLd: [
      competitionProduct(competition, {
        url: origin + path,
        image: image.url,
        // Structured data has room for the whole prize text; the cut is for cards and search snippets.
        description: cutText(plainText(competition.description), 5000) || description,
        state: saleState(competition, now),
        origin,
      }),
      trail(origin, { name: competition.title, path }),
    ],
  };
}

async function drawRecordPreview(id: string, reads: HeadReads, { origin }: HeadOptions): Promise<Preview | null> {
  let record: DrawRecord;
  let image: string;
  try {
    [record, { image }] = await Promise.all([reads.draws.record({ id }), reads.competitions.get({ id })]);
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
  const competition = competitionPath(record.competitionId);
  return {
    title: drawRecordPageTitle(record.title),
    description: drawRecordDescription(record),
    path: `${competition}/draw`,
    picture: { src: image, alt: record.title },
    jsonLd: [trail(origin, { name: record.title, path: competition }, { name: "Draw record", path: `${competition}/draw` })],
  };
}

async function competitionsPreview(reads: HeadReads, { origin, now }: HeadOptions): Promise<Preview> {
  const all = await reads.competitions.list();
  // The page's "Active Competitions", in its order.
  const active = all.filter((c) => c.status === "active");
  const open = active.filter((c) => saleState(c, now) === "on-sale").length;
  const prizes = "Farm machinery, irrigation, training and cash prizes, each drawn live on a Monday evening.";
  return {
    title: PAGE_TITLES.competitions,
    description: open > 0 ? `${open} competition${open === 1 ? "" : "s"} open now. ${prizes}` : prizes,
    path: "/competitions",
    picture: FIELDS,
    jsonLd: active.length
      ? [
          itemList(
            "Active Competitions",
            active.map((c) => ({ name: c.title, url: origin + competitionPath(c.id) })),
          ),
        ]
      : [],
  };
}

async function aboutPreview(reads: HeadReads): Promise<Preview> {
  const about = await reads.content.about();
  const lead = about ? plainText(about.heroSubtitle) || plainText(about.contentParagraphs[0] ?? "") : "";
  return {
    title: PAGE_TITLES.about,
    description: cutText(lead || "Who we are: Harvest Draws runs prize competitions for farmers and growers across the UK and Ireland."),
    path: "/about",
    picture: about?.mainImage ? { src: about.mainImage, alt: about.mainImageAlt || SITE_NAME } : FIELDS,
  };
}

async function livePreview(reads: HeadReads, { now }: HeadOptions): Promise<Preview> {
  const evening = await reads.live.evening();
  const started = Date.parse(evening.drawAt) <= now.getTime();
  const when = `${started ? "The live draw started" : "Next live draw:"} ${formatLondonDayTime(new Date(evening.drawAt))} (UK time).`;
  const titles = evening.competitions.map((c) => c.title);
  const due = titles.length ? ` Due to be drawn: ${titles.join(", ")}.` : "";
  return {
    title: PAGE_TITLES.live,
    description: cutText(`${when} Watch each result appear as it is drawn.${due}`),
    path: "/live",
    picture: CELEBRATION,
  };
}

/** The path's segments, decoded as the router decodes them; null when one cannot be decoded. */
function segmentsOf(pathname: string): string[] | null {
  const path = pathname.split(/[?#]/, 1)[0]!.replace(/\/+$/, "");
  if (path === "") return [];
  try {
    return path.split("/").slice(1).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** The head of the page at `pathname` (a path, as requested; the router's matching is case-insensitive). */
export async function pageHead(pathname: string, reads: HeadReads, opts: HeadOptions): Promise<PageHead> {
  const options = { ...opts, origin: opts.origin.replace(/\/+$/, "") };
  const segments = segmentsOf(pathname);
  if (!segments || segments.some((s) => s === "")) return pageNotFound();
  const lower = `/${segments.join("/")}`.toLowerCase();
  if (PRIVATE_ROUTES.some((route) => route.test(lower))) return { status: 200, title: SITE_NAME, tags: NOINDEX };

  let preview: Preview | null;
  if (segments[0]?.toLowerCase() === "competition" && (segments.length === 2 || (segments.length === 3 && segments[2]!.toLowerCase() === "draw"))) {
    preview = segments.length === 2 ? await competitionPreview(segments[1]!, reads, options) : await drawRecordPreview(segments[1]!, reads, options);
    if (!preview) return competitionNotFound();
  } else if (lower === "/") {
    preview = { title: PAGE_TITLES.home, description: SITE_DESCRIPTION, path: "/", picture: FIELDS, jsonLd: [siteGraph(options.origin, SITE_DESCRIPTION)] };
  } else if (lower === "/competitions") {
    preview = await competitionsPreview(reads, options);
  } else if (lower === "/about") {
    preview = await aboutPreview(reads);
  } else if (lower === "/live") {
    preview = await livePreview(reads, options);
  } else {
    const page = STATIC_PAGES[lower];
    if (!page) return pageNotFound();
    preview = { ...page, path: lower };
  }
  return { status: 200, title: preview.title, tags: renderTags(preview, options.origin) };
}
