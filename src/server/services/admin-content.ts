import { asc, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../../db/client";
import { aboutPage, categories, competitions, heroSlides, popups, winners } from "../../../db/schema";
import type { aboutPageInput, categoryInput, heroSlideInput, popupInput, winnerInput } from "../../shared/schemas/admin";
import { AppError } from "../errors";
import { getAboutPage, toHeroSlide } from "./content";
import { toPopup } from "./popups";

const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);

// Hero slides ---------------------------------------------------------------------------------

export function listHeroSlides(db: Db) {
  return db.select().from(heroSlides).orderBy(asc(heroSlides.order), asc(heroSlides.createdAt)).all().map(toHeroSlide);
}

export function createHeroSlide(db: Db, input: z.output<typeof heroSlideInput>) {
  return toHeroSlide(db.insert(heroSlides).values(input).returning().get());
}

export function updateHeroSlide(db: Db, id: string, input: Partial<z.output<typeof heroSlideInput>>) {
  const fields = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const row = Object.keys(fields).length
    ? db.update(heroSlides).set(fields).where(eq(heroSlides.id, id)).returning().get()
    : db.select().from(heroSlides).where(eq(heroSlides.id, id)).get();
  if (!row) throw notFound("Hero slide");
  return toHeroSlide(row);
}

export function deleteHeroSlide(db: Db, id: string) {
  if (db.delete(heroSlides).where(eq(heroSlides.id, id)).run().changes === 0) throw notFound("Hero slide");
  return { success: true };
}

// Categories ----------------------------------------------------------------------------------

const toCategory = (c: typeof categories.$inferSelect) => ({ ...c, createdAt: c.createdAt.toISOString() });

function uniqueName<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof Error && /UNIQUE constraint failed: categories\.name/.test(err.message)) {
      throw new AppError("CONFLICT", "A category with this name already exists");
    }
    throw err;
  }
}

export function listCategories(db: Db) {
  return db.select().from(categories).orderBy(asc(categories.name)).all().map(toCategory);
}

/** Names are unique whatever their case: "Livestock" and "livestock" are one category. */
function assertNameFree(db: Db, name: string, exceptId?: string) {
  const clash = db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.name}) = ${name.toLowerCase()}`)
    .all()
    .some((c) => c.id !== exceptId);
  if (clash) throw new AppError("CONFLICT", "A category with this name already exists");
}

export function createCategory(db: Db, input: z.output<typeof categoryInput>) {
  assertNameFree(db, input.name);
  return uniqueName(() => toCategory(db.insert(categories).values(input).returning().get()));
}

export function updateCategory(db: Db, id: string, input: z.output<typeof categoryInput>) {
  assertNameFree(db, input.name, id);
  const row = uniqueName(() => db.update(categories).set(input).where(eq(categories.id, id)).returning().get());
  if (!row) throw notFound("Category");
  return toCategory(row);
}

export function deleteCategory(db: Db, id: string) {
  if (db.delete(categories).where(eq(categories.id, id)).run().changes === 0) throw notFound("Category");
  return { success: true };
}

// Pop-ups -------------------------------------------------------------------------------------

function popupValues(input: z.output<typeof popupInput>) {
  return { ...input, startDate: input.startDate ? new Date(input.startDate) : null, endDate: input.endDate ? new Date(input.endDate) : null };
}

export function listPopups(db: Db) {
  return db.select().from(popups).orderBy(desc(popups.priority), desc(popups.createdAt)).all().map(toPopup);
}

export function createPopup(db: Db, input: z.output<typeof popupInput>) {
  return toPopup(db.insert(popups).values(popupValues(input)).returning().get());
}

export function updatePopup(db: Db, id: string, input: z.output<typeof popupInput>) {
  const row = db.update(popups).set(popupValues(input)).where(eq(popups.id, id)).returning().get();
  if (!row) throw notFound("Popup");
  return toPopup(row);
}

export function deletePopup(db: Db, id: string) {
  if (db.delete(popups).where(eq(popups.id, id)).run().changes === 0) throw notFound("Popup");
  return { success: true };
}

// About page ----------------------------------------------------------------------------------

export function saveAboutPage(db: Db, input: z.output<typeof aboutPageInput>) {
  db.insert(aboutPage)
    .values({ id: 1, ...input })
    .onConflictDoUpdate({ target: aboutPage.id, set: { ...input, updatedAt: new Date() } })
    .run();
  return getAboutPage(db)!;
}

// Winners -------------------------------------------------------------------------------------

function toAdminWinner(w: typeof winners.$inferSelect, competitionTitle: string | null) {
  return {
    id: w.id,
    competitionId: w.competitionId,
    competitionTitle,
    entryId: w.entryId,
    ticketNumber: w.ticketNumber,
    customerName: w.customerName,
    photo: w.photo,
    testimonial: w.testimonial,
    winDate: w.winDate.toISOString(),
    source: w.source,
  };
}

export function listAdminWinners(db: Db) {
  return db
    .select({ w: winners, title: competitions.title })
    .from(winners)
    .leftJoin(competitions, eq(winners.competitionId, competitions.id))
    .orderBy(desc(winners.winDate))
    .all()
    .map((r) => toAdminWinner(r.w, r.title));
}

function competitionTitle(db: Db, id: string): string {
  const c = db.select({ title: competitions.title }).from(competitions).where(eq(competitions.id, id)).get();
  if (!c) throw new AppError("BAD_REQUEST", "Competition is required");
  return c.title;
}

/** A winner typed in by an admin, for prizes decided outside the draw; labelled manual. */
export function createWinner(db: Db, input: z.output<typeof winnerInput>) {
  const title = competitionTitle(db, input.competitionId);
  return toAdminWinner(db.insert(winners).values({ ...input, source: "manual" }).returning().get(), title);
}

export function updateWinner(db: Db, id: string, input: z.output<typeof winnerInput>) {
  const title = competitionTitle(db, input.competitionId);
  const row = db.update(winners).set(input).where(eq(winners.id, id)).returning().get();
  if (!row) throw notFound("Winner");
  return toAdminWinner(row, title);
}

export function deleteWinner(db: Db, id: string) {
  if (db.delete(winners).where(eq(winners.id, id)).run().changes === 0) throw notFound("Winner");
  return { success: true };
}
