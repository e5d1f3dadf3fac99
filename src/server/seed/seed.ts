import { count, eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { transaction, type Db, type Tx } from "../../../db/client";
import { hashPassword } from "../auth/password";
import { noopMailer } from "../mail/mailer";
import { runDraw } from "../services/draws";
import { DEFAULT_SETTINGS } from "../services/settings";
import { aboutPage, categories, competitions, entries, heroSlides, popups, settings, statistics, tickets, users, winners } from "../../../db/schema";
import { ABOUT, CATEGORIES, COMPETITIONS, DEMO_POSTAL_ADDRESS, ENTRANT_NAMES, HERO_SLIDES, POPUP, WINNERS, nextMondayEvening } from "./demo-data";

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
  const existing = db.select({ n: count() }).from(users).get()?.n ?? 0;
  if (existing > 0) return { seeded: false };

  const generated = !opts.adminPassword;
  const password = opts.adminPassword ?? randomBytes(12).toString("base64url");
  const passwordHash = await hashPassword(password);
  const now = opts.now ?? new Date();

  transaction(db, (tx) => {
    tx.insert(users)
      .values({
        email: opts.adminEmail.trim().toLowerCase(),
        passwordHash,
        firstName: "Site",
        lastName: "Admin",
        role: "admin",
        emailVerified: true,
      })
      .run();
    for (const s of DEFAULT_SETTINGS) tx.insert(settings).values(s).onConflictDoNothing().run();
    if (opts.demo) seedDemo(tx, now);
  });
  if (opts.demo) await drawSeededCompetitions(db, now);

  return { seeded: true, admin: { email: opts.adminEmail, password, generated } };
}

function seedDemo(db: Tx, now: Date): void {
  for (const c of CATEGORIES) db.insert(categories).values(c).run();

  const ids: string[] = [];
  COMPETITIONS.forEach((c, i) => {
    const endDate = new Date(now.getTime() + c.endsInDays * DAY);
    endDate.setHours(21, 0, 0, 0);
    const drawDate = nextMondayEvening(endDate);
    const startDate = new Date(Math.min(now.getTime(), endDate.getTime()) - 14 * DAY);
    const row = db
      .insert(competitions)
      .values({
        title: c.title,
        description: c.description,
        image: c.image,
        category: c.category,
        pricePence: c.pricePence,
        // A "drawn" demo competition is drawn for real below, so its public record verifies.
        status: c.status === "drawn" ? "closed" : (c.status ?? "active"),
        startDate,
        endDate,
        drawDate,
        maxTickets: c.maxTickets,
        soldTickets: 0,
        featured: c.featured ?? false,
        showOnHero: c.showOnHero ?? false,
        qualifyingQuestion: c.question,
        qualifyingAnswer: c.answer,
        allowPostalEntry: true,
        postalAddress: DEMO_POSTAL_ADDRESS,
        prizeDetails: c.prizeDetails,
        cashAlternative: /Cash alternative (£[\d,]+)/.exec(c.prizeDetails)?.[1] ?? null,
        rules:
          "Open to residents of the UK and Ireland aged 18 or over. One winner is drawn live on the draw date, whether or not all tickets are sold. Free entry by post is available; see the postal entry details.",
        faq: "When is the draw? Live every Monday evening on our social video page.\nHow will I know if I won? We contact winners within 48 hours by phone and email.",
        createdAt: new Date(now.getTime() - (COMPETITIONS.length - i) * 60_000),
      })
      .returning({ id: competitions.id })
      .get();
    ids.push(row.id);
    seedEntries(db, row.id, c.sold, c.pricePence, startDate, i);
  });

  const drawnIndex = COMPETITIONS.findIndex((c) => c.status === "drawn");
  WINNERS.forEach((w, i) => {
    db.insert(winners)
      .values({
        competitionId: ids[i === 0 && drawnIndex >= 0 ? drawnIndex : i % ids.length]!,
        customerName: w.name,
        photo: `/images/winner-${i + 1}.svg`,
        testimonial: w.testimonial,
        source: "manual",
        winDate: new Date(now.getTime() - (i * 7 + 3) * DAY),
      })
      .run();
  });

  db.insert(statistics).values({ id: 1, totalWinners: 2214, totalPrizeValuePence: 1_125_000_000, totalFollowers: 82_400 }).run();

  HERO_SLIDES.forEach((s, i) => {
    db.insert(heroSlides)
      .values({ ...s, ctaLink: s.ctaLink ?? `/competition/${ids[i]}`, isActive: true, order: i })
      .run();
  });

  db.insert(aboutPage)
    .values({ id: 1, ...ABOUT })
    .run();
  db.insert(popups)
    .values({ ...POPUP, ctaLink: `/competition/${ids[0]}` })
    .run();
}

async function drawSeededCompetitions(db: Db, now: Date): Promise<void> {
  const titles = COMPETITIONS.filter((c) => c.status === "drawn").map((c) => c.title);
  for (const title of titles) {
    const row = db.select({ id: competitions.id }).from(competitions).where(eq(competitions.title, title)).get();
    if (row) await runDraw({ db, mailer: noopMailer, now: () => now }, row.id);
  }
}

/** Paid demo entries with real ticket rows so sold counts and tickets agree. */
function seedEntries(db: Tx, competitionId: string, sold: number, pricePence: number, start: Date, salt: number): void {
  let number = 1;
  let k = 0;
  while (number <= sold) {
    const qty = Math.min(sold - number + 1, ((k + salt) % 5) + 1);
    const name = ENTRANT_NAMES[(k + salt) % ENTRANT_NAMES.length]!;
    const entry = db
      .insert(entries)
      .values({
        competitionId,
        customerName: name,
        customerEmail: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.co.uk`,
        ticketCount: qty,
        amountPence: qty * pricePence,
        paymentStatus: "paid",
        paymentId: `seed_${competitionId.slice(0, 8)}_${k}`,
        entryMethod: "online",
        entryDate: new Date(start.getTime() + (k + 1) * 3_600_000),
      })
      .returning({ id: entries.id })
      .get();
    for (let j = 0; j < qty; j++) {
      db.insert(tickets)
        .values({ competitionId, entryId: entry.id, number: String(number++) })
        .run();
    }
    k++;
  }
  db.update(competitions)
    .set({ soldTickets: sold, nextTicketNumber: sold + 1 })
    .where(eq(competitions.id, competitionId))
    .run();
}
