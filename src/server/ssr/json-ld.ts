import { penceOf, penceToDecimal } from "../../shared/money";
import { SITE_NAME } from "../../shared/page-titles";
import type { PublicCompetition } from "../../shared/schemas/competition";
import type { SaleState } from "./competition-preview";
import { jsonForScript } from "./escape";

/*
 * Structured data (schema.org, as JSON-LD) where a type fits what the page is: the shop itself on the
 * home page, a competition as a product with one offer (an entry at its price), the trail to it, and
 * the list of competitions on sale. Search engines read these instead of guessing from the markup.
 */

type Node = Record<string, unknown>;

const SCHEMA = "https://schema.org";

/** The element that carries one JSON-LD document; its text cannot close the element (see jsonForScript). */
export function jsonLdScript(data: Node): string {
  return `<script type="application/ld+json">${jsonForScript({ "@context": SCHEMA, ...data })}</script>`;
}

/** The home page: the operator (Organization) and the site (WebSite) it publishes. */
export function siteGraph(origin: string, description: string): Node {
  const organization = `${origin}/#organization`;
  return {
    "@graph": [
      {
        "@type": "Organization",
        "@id": organization,
        name: SITE_NAME,
        url: `${origin}/`,
        logo: `${origin}/images/logo.svg`,
        email: "hello@harvestdraws.co.uk",
        description,
      },
      { "@type": "WebSite", "@id": `${origin}/#website`, name: SITE_NAME, url: `${origin}/`, inLanguage: "en-GB", publisher: { "@id": organization } },
    ],
  };
}

/** Whether an entry can be bought: on sale, not yet, every ticket gone, or never again. */
const AVAILABILITY: Record<SaleState, string> = {
  "on-sale": `${SCHEMA}/InStock`,
  "not-started": `${SCHEMA}/OutOfStock`,
  "sold-out": `${SCHEMA}/SoldOut`,
  closed: `${SCHEMA}/Discontinued`,
  drawn: `${SCHEMA}/Discontinued`,
};

export interface ProductFacts {
  url: string;
  image: string | null;
  description: string;
  state: SaleState;
  origin: string;
}

/** A competition as a Product whose Offer is one entry: its price in GBP, open from its start to its closing date. */
export function competitionProduct(c: PublicCompetition, { url, image, description, state, origin }: ProductFacts): Node {
  return {
    "@type": "Product",
    "@id": `${url}#product`,
    name: c.title,
    description,
    category: c.category,
    sku: c.id,
    url,
    ...(image ? { image: [image] } : {}),
    offers: {
      "@type": "Offer",
      url,
      price: penceToDecimal(penceOf(c.price)),
      priceCurrency: "GBP",
      availability: AVAILABILITY[state],
      availabilityStarts: c.startDate,
      availabilityEnds: c.endDate,
      validFrom: c.startDate,
      validThrough: c.endDate,
      seller: { "@type": "Organization", name: SITE_NAME, url: `${origin}/` },
    },
  };
}

/** The trail from the home page to this one, each step an absolute address. */
export function breadcrumbs(steps: Array<{ name: string; url: string }>): Node {
  return {
    "@type": "BreadcrumbList",
    itemListElement: steps.map((step, i) => ({ "@type": "ListItem", position: i + 1, name: step.name, item: step.url })),
  };
}

/** A list of pages in order (the competitions on sale), each by its name and absolute address. */
export function itemList(name: string, items: Array<{ name: string; url: string }>): Node {
  return {
    "@type": "ItemList",
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, url: item.url })),
  };
}
