import { AmazingPrizes } from "../../components/home/amazing-prizes";
import { Benefits } from "../../components/home/benefits";
import { HeroSlider } from "../../components/home/hero-slider";
import { LatestCompetitions } from "../../components/home/latest-competitions";
import { LiveDrawCountdown } from "../../components/home/live-draw-countdown";
import { PromoModal } from "../../components/home/promo-modal";
import { RecentWinners } from "../../components/home/recent-winners";
import { StatisticsCounters } from "../../components/home/statistics-counters";
import { PAGE_TITLES } from "../../../shared/page-titles";

/** The home page (SPEC §2 Home). */
export function HomePage() {
  return (
    <>
      <title>{PAGE_TITLES.home}</title>
      <h1 className="sr-only">Harvest Draws: prize competitions for farmers and growers in the UK and Ireland</h1>
      <HeroSlider />
      <LiveDrawCountdown />
      <StatisticsCounters />
      <LatestCompetitions />
      <AmazingPrizes />
      <Benefits />
      <RecentWinners />
      <PromoModal />
    </>
  );
}
