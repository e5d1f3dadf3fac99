import { PAGE_TITLES } from "../../shared/page-titles";

/*
 * What a page's preview is made of, and the pages whose preview needs no data: their words are the
 * page's own lead, their picture one of the shop's own.
 */

export interface Picture {
  src: string;
  alt: string;
}

export interface Preview {
  title: string;
  description: string;
  /** The page's canonical path, encoded. */
  path: string;
  picture: Picture;
  type?: "website" | "product";
  /** Per entry, for og:type product. */
  pricePence?: number;
  jsonLd?: Array<Record<string, unknown>>;
}

export const SITE_DESCRIPTION =
  "Harvest Draws runs prize competitions for farmers and growers across the UK and Ireland: win farm machinery, irrigation systems, training programmes and cash, with live draws every Monday evening.";

export const FIELDS: Picture = { src: "/images/hero-harvest.svg", alt: "A golden wheat field at sunset with a green combine harvester at work" };
export const CELEBRATION: Picture = {
  src: "/images/hero-winners.svg",
  alt: "A celebratory farmyard with bunting, confetti, a red barn, hay bales and a golden trophy",
};

/** Pages whose head needs no data: their text is the page's own lead. */
export const STATIC_PAGES: Record<string, Omit<Preview, "path">> = {
  "/winners": {
    title: PAGE_TITLES.winners,
    description: "Meet the farmers and growers who have won with us. Every one drawn live on a Monday evening.",
    picture: CELEBRATION,
  },
  "/contact": {
    title: PAGE_TITLES.contact,
    description: "Questions about a competition, your entries or a prize? We reply within 24-48 hours.",
    picture: FIELDS,
  },
  "/women-in-agriculture": {
    title: PAGE_TITLES.landing,
    description:
      "Harvest Draws gives women farmers a fair chance at prizes that make a real difference: tractors and tillers, irrigation systems, agribusiness training and cash, all drawn live for everyone to see.",
    picture: FIELDS,
  },
  "/terms": { title: PAGE_TITLES.terms, description: "The rules that apply to every Harvest Draws competition, in plain English.", picture: FIELDS },
  "/privacy": { title: PAGE_TITLES.privacy, description: "What we collect, why we collect it, who sees it and the rights you have over it.", picture: FIELDS },
  "/safer-play": {
    title: PAGE_TITLES.saferPlay,
    description: "Our competitions should be a bit of fun. Here is how to stay in control, and where to find free, confidential help if it stops being fun.",
    picture: FIELDS,
  },
  "/our-commitments": {
    title: PAGE_TITLES.commitments,
    description: "We follow the UK's Voluntary Code of Good Practice for Prize Draw Operators. These are the measures we have in place, in plain English.",
    picture: FIELDS,
  },
};
