import { router } from "../../trpc/procedures";
import { adminClaimsRouter } from "./claims";
import { adminCompetitionsRouter } from "./competitions";
import { adminLiveRouter } from "./live";
import { adminCustomersRouter } from "./customers";
import { aboutRouter, categoriesRouter, heroSlidesRouter, popupsRouter, winnersRouter } from "./content";
import { adminDiscountCodesRouter } from "./discount-codes";
import { adminDrawsRouter } from "./draws";
import { adminMailRouter } from "./mail";
import { mediaRouter } from "./media";
import { adminNotificationsRouter } from "./notifications";
import { adminOrdersRouter } from "./orders";
import { adminProtectionRouter } from "./protection";
import { adminReferralsRouter } from "./referrals";
import { reportsRouter } from "./reports";
import { settingsRouter } from "./settings";
import { adminStatisticsRouter } from "./statistics";
import { adminUsersRouter } from "./users";

export const adminRouter = router({
  settings: settingsRouter,
  competitions: adminCompetitionsRouter,
  heroSlides: heroSlidesRouter,
  categories: categoriesRouter,
  popups: popupsRouter,
  about: aboutRouter,
  winners: winnersRouter,
  reports: reportsRouter,
  media: mediaRouter,
  draws: adminDrawsRouter,
  protection: adminProtectionRouter,
  users: adminUsersRouter,
  notifications: adminNotificationsRouter,
  orders: adminOrdersRouter,
  mail: adminMailRouter,
  customers: adminCustomersRouter,
  claims: adminClaimsRouter,
  live: adminLiveRouter,
  statistics: adminStatisticsRouter,
  discountCodes: adminDiscountCodesRouter,
  referrals: adminReferralsRouter,
});
