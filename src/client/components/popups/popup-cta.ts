import type { Popup } from "../../../shared/schemas/content";

/** Generated pop-ups carry their competition's id after this prefix (ids are uuids, so they contain dashes). */
const GENERATED_PREFIXES = ["dynamic-last-chance-", "targeted-"];

/** The competition a pop-up's call to action leads to, or null when it does not lead to one. */
export function competitionIdFor(popup: Pick<Popup, "id" | "ctaLink">): string | null {
  if (!popup.ctaLink.includes("/competition/")) return null;
  const prefix = GENERATED_PREFIXES.find((p) => popup.id.startsWith(p));
  if (prefix) return popup.id.slice(prefix.length) || null;
  const match = /\/competition\/([^/?#]+)/.exec(popup.ctaLink);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
