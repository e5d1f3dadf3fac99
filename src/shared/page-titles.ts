/**
 * The title of each public page, written once: the page renders it as its `<title>` and the server
 * puts the same text in the page's link-preview tags (og:title, twitter:title), so the tab, the search
 * result and the card shared on Facebook or WhatsApp never disagree.
 */

export const SITE_NAME = "Harvest Draws";

/** "About Us | Harvest Draws". */
export function pageTitle(name: string): string {
  return `${name} | ${SITE_NAME}`;
}

export const PAGE_TITLES = {
  home: `${SITE_NAME} | Prize competitions for farmers and growers`,
  competitions: pageTitle("All Competitions"),
  winners: pageTitle("Winners Gallery"),
  about: pageTitle("About Us"),
  live: pageTitle("Live Draw"),
  contact: pageTitle("Contact Us"),
  landing: `${SITE_NAME} for Women in Agriculture`,
  terms: pageTitle("Terms & Conditions"),
  privacy: pageTitle("Privacy Policy"),
  saferPlay: pageTitle("Safer Play"),
  commitments: pageTitle("Our Commitments"),
  notFound: pageTitle("Page not found"),
  competitionNotFound: pageTitle("Competition Not Found"),
} as const;

/** A competition's page: "Massey Ferguson 5S Tractor | Harvest Draws". */
export function competitionPageTitle(title: string): string {
  return pageTitle(title);
}

/** A competition's draw record: "Draw record: Massey Ferguson 5S Tractor | Harvest Draws". */
export function drawRecordPageTitle(title: string): string {
  return pageTitle(`Draw record: ${title}`);
}
