import { and, asc, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { first, type Db } from "../../../../db/client";
import { aboutPage, categories, competitions, heroSlides, winners } from "../../../../db/schema";
import type { AboutPage, HeroSlide, MediaSettings, PublicWinner } from "../../../shared/schemas/content";
import { getSetting } from "../settings";

export function toHeroSlide(s: typeof heroSlides.$inferSelect): HeroSlide {
  return { ...s, createdAt: s.createdAt.toISOString() };
}

export async function listActiveHeroSlides(db: Db): Promise<HeroSlide[]> {
  return (await db.select().from(heroSlides).where(eq(heroSlides.isActive, true)).orderBy(asc(heroSlides.order), asc(heroSlides.createdAt))).map(toHeroSlide);
}

export { getStatistics } from "./statistics";

export async function getAboutPage(db: Db): Promise<AboutPage | null> {
  const row = await first(db.select().from(aboutPage).where(eq(aboutPage.id, 1)));
  if (!row) return null;
  const { id: _id, ...rest } = row;
  return { ...rest, updatedAt: row.updatedAt.toISOString() };
}

export async function listActiveCategories(db: Db) {
  return (await db.select().from(categories).where(eq(categories.isActive, true)).orderBy(asc(categories.name))).map((c) => ({
    ...c,
    createdAt: c.createdAt.toISOString(),
  }));
}

export const MEDIA_DEFAULTS: MediaSettings = {
  maxImageSizeMB: 10,
  maxVideoSizeMB: 300,
  allowedImageTypes: ["jpeg", "jpg", "png"],
  allowedVideoTypes: ["mp4", "webm", "quicktime"],
};

export async function getMediaSettings(db: Db): Promise<MediaSettings> {
  const num = async (key: string, fallback: number) => {
    const v = Number(await getSetting(db, key));
    return Number.isFinite(v) && v >= 1 ? v : fallback;
  };
  const list = async (key: string, fallback: string[]) => {
    const v = await getSetting(db, key);
    const items = v
      ?.split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    return items?.length ? items : fallback;
  };
  return {
    maxImageSizeMB: await num("max_image_size_mb", MEDIA_DEFAULTS.maxImageSizeMB),
    maxVideoSizeMB: await num("max_video_size_mb", MEDIA_DEFAULTS.maxVideoSizeMB),
    allowedImageTypes: await list("allowed_image_types", MEDIA_DEFAULTS.allowedImageTypes),
    allowedVideoTypes: await list("allowed_video_types", MEDIA_DEFAULTS.allowedVideoTypes),
  };
}

export async function getPublicSetting(db: Db, key: "winners_display_count") {
  const value = await getSetting(db, key);
  const n = Number(value);
  return { key, value: value !== null && Number.isInteger(n) && n > 0 ? String(n) : "12" };
}

/** How the gallery names a winner who has not allowed their name to be shown. */
export const UNNAMED_WINNER = "A lucky winner";

/**
 * Only what the winner allowed on their claim form. A draw or instant winner not yet asked is shown
 * unnamed and without a photo; a winner an admin entered by hand, never asked, is shown as entered.
 */
function publicFace(w: typeof winners.$inferSelect): { customerName: string; photo: string | null } {
  const allowed = (answer: boolean | null) => answer === true || (answer === null && w.source === "manual");
  return { customerName: allowed(w.publishName) ? w.customerName : UNNAMED_WINNER, photo: allowed(w.publishPhoto) ? w.photo : null };
}

export async function listWinners(db: Db, limit?: number): Promise<PublicWinner[]> {
  const q = db
    .select({ winner: winners, competitionTitle: competitions.title })
    .from(winners)
    .leftJoin(competitions, eq(winners.competitionId, competitions.id))
    // An instant winner whose entry was refunded or disputed is no winner.
    .where(isNull(winners.voidedAt))
    .orderBy(desc(winners.winDate));
  return (await (limit ? q.limit(limit) : q)).map(({ winner, competitionTitle }) => ({
    id: winner.id,
    competitionId: winner.competitionId,
    competitionTitle,
    ...publicFace(winner),
    testimonial: winner.testimonial,
    winDate: winner.winDate.toISOString(),
    source: winner.source,
  }));
}

/** Competitions that are open now, for "last chance" prompts. */
export async function competitionsEndingWithin(db: Db, now: Date, ms: number) {
  return db
    .select({ id: competitions.id, title: competitions.title, image: competitions.image, endDate: competitions.endDate })
    .from(competitions)
    .where(
      and(
        eq(competitions.status, "active"),
        lte(competitions.startDate, now),
        gt(competitions.endDate, now),
        lte(competitions.endDate, new Date(now.getTime() + ms)),
        or(isNull(competitions.maxTickets), sql`${competitions.soldTickets} < ${competitions.maxTickets}`),
      ),
    )
    .orderBy(asc(competitions.endDate));
}
