import type { AnchorHTMLAttributes } from "react";
import { useOrigin } from "../../lib/render-context";

/** A link that opens in a new tab (SPEC §2 Landing page), saying so to screen-reader users. */
export function ExternalLink({ children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

export const VIDEO_URL = "https://www.youtube.com/@harvestdraws";
export const REGISTER_PATH = "/auth?mode=register";

/** The site's own competitions list as an absolute URL, so it opens as a fresh tab of the shop. */
export function useCompetitionsUrl(): string {
  return `${useOrigin()}/competitions`;
}
