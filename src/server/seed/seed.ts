import { count, eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { first, withTransaction, type Db, type Tx } from "../../../db/client";
import { hashPassword } from "../auth/password";
import { DEFAULT_SETTINGS } from "../services/settings";
import { aboutPage, categories, heroSlides, mailOutbox, popups, settings, statistics, users } from "../../../db/schema";
import { demoDrawDate, demoEndDate, insertDemoCompetition, seedEntries } from "./demo-competitions";
import { commitInstantPrizes } from "../services/competitions/instant-wins";
import { ABOUT, CATEGORIES, COMPETITIONS, ENTRANTS, HERO_SLIDES, POPUP, PROMOTED_TITLE } from "./demo-data";
import { seedPastDraws } from "./past-draws";

export interface SeedOptions {
  demo: boolean;
  adminEmail: string;
  /** When absent a random password is generated and returned so it can be printed once. */
  adminPassword?: string;
  now?: Date;
}

export interface SeedResult {
  seeded: boolean;
  admin?: { email: string; password: string; generated: boolean };
}

const DAY = 24 * 60 * 60 * 1000;

/** Fills an empty database. A database that already has users is left alone. */
export async function seed(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const existing = (await first(db.select({ n: count() }).from(users)))?.n ?? 0;
  if (existing > 0) return { seeded: false };

  const generated = !opts.adminPassword;
  const password = opts.adminPassword ?? randomBytes(12).toString("base64url");
  const passwordHash = await hashPassword(password);
  const now = opts.now ?? new Date();

  await withTransaction(db, async (tx) => {
    await tx.insert(users).values({
      email: opts.adminEmail.trim().toLowerCase(),
      passwordHash,
      firstName: "Site",
      lastName: "Admin",
      role: "admin",
      emailVerified: true,
    });
    for (const s of DEFAULT_SETTINGS) await tx.insert(settings).values(s).onConflictDoNothing();
    if (opts.demo) await seedDemo(tx, now);
  });
  if (opts.demo) {
    await seedPastDraws(db, now);
    // The past draws queued winner mail (runDraw opens each claim with one). The real mailer would
    // send it to the made-up demo addresses as soon as SMTP is configured, so it goes: in the demo's
    // story those winners have been told already, and a database seeded from empty has no other mail.
    await db.delete(mailOutbox).where(eq(mailOutbox.status, "queued"));
  }

  return { seeded: true, admin: { email: opts.adminEmail, password, generated } };
}

async function seedDemo(db: Tx, now: Date): Promise<void> {
  for (const c of CATEGORIES) await db.insert(categories).values(c);

  const people = ENTRANTS.map((e) => e.name);
  const byTitle = new Map<string, string>();
  for (const [i, c] of COMPETITIONS.entries()) {
    const endDate = demoEndDate(now, c.endsInDays);
    const startDate = new Date(Math.min(now.getTime(), endDate.getTime()) - 14 * DAY);
    const id = await insertDemoCompetition(db, c, {
      status: c.status ?? "active",
      startDate,
      endDate,
      // Monday 20:00 UK time, still to come (a closed competition's draw has not happened yet).
      drawDate: demoDrawDate(endDate, now),
      createdAt: new Date(now.getTime() - (COMPETITIONS.length - i) * 60_000),
    });
    byTitle.set(c.title, id);
    if (c.instantPrizes) await commitInstantPrizes(db, { id, maxTickets: c.maxTickets }, c.instantPrizes, now);
    await seedEntries(db, id, c.sold, c.pricePence, startDate, i, people);
  }
  const competitionLink = (title: string) => {
    const id = byTitle.get(title);
    if (!id) throw new Error(`demo data: no competition titled "${title}"`);
    return `/competition/${id}`;
  };

  // The promotion's motocross instant win is a real competition on sale.
  await db
    .update(settings)
    .set({ value: byTitle.get(PROMOTED_TITLE)! })
    .where(eq(settings.key, "promotion_competition_id"));

  await db.insert(statistics).values({ id: 1, totalWinners: 2214, totalPrizeValuePence: 1_125_000_000, totalFollowers: 82_400 });

  for (const [i, { competitionTitle, ctaLink, ...s }] of HERO_SLIDES.entries()) {
    await db
      .insert(heroSlides)
      .values({ ...s, ctaLink: competitionTitle ? competitionLink(competitionTitle) : (ctaLink ?? "/competitions"), isActive: true, order: i });
  }

  await db.insert(aboutPage).values({ id: 1, ...ABOUT });
  const { competitionTitle, ...popup } = POPUP;
  await db.insert(popups).values({ ...popup, ctaLink: competitionLink(competitionTitle) });
}
