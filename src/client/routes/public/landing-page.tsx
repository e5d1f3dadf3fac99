import { LandingFooter, LandingHeader } from "../../components/landing/landing-chrome";
import { LandingHero } from "../../components/landing/landing-hero";
import { LandingIntro } from "../../components/landing/landing-intro";
import { LandingPrizes } from "../../components/landing/landing-prizes";
import { LandingTrust } from "../../components/landing/landing-trust";
import { PopupOverlay } from "../../components/popups/popup-overlay";
import { PAGE_TITLES } from "../../../shared/page-titles";

/**
 * /women-in-agriculture (SPEC §2 Landing page): a static page for members of a women's agricultural
 * development initiative, with its own header and footer instead of the shop's.
 */
export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{PAGE_TITLES.landing}</title>
      <LandingHeader />
      <main id="main" className="flex-1">
        <LandingHero />
        <LandingIntro />
        <LandingPrizes />
        <LandingTrust />
      </main>
      <LandingFooter />
      <PopupOverlay />
    </div>
  );
}
