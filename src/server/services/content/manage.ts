import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { changed, first, lockRow, uniqueViolation, type Db, type Tx } from "../../../../db/client";
import { aboutPage, categories, competitions, entries, heroSlides, popups, prizeClaims, tickets, winners } from "../../../../db/schema";
import type { aboutPageInput, categoryInput, heroSlideInput, popupInput, winnerInput } from "../../../shared/schemas/admin";
import { AppError } from "../../errors";
import type { UploadGrants, UploadKind } from "../../storage/uploads";
import { audited, type Actor } from "../audit";
import { openClaim } from "../claims";
import { getAboutPage, toHeroSlide } from "./storefront";
import { toPopup } from "./popups";

const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);

// Hero slides ---------------------------------------------------------------------------------

export async function listHeroSlides(db: Db) {
  return (await db.select().from(heroSlides).orderBy(asc(heroSlides.order), asc(heroSlides.createdAt))).map(toHeroSlide);
}

export async function createHeroSlide(db: Db, actor: Actor, input: z.output<typeof heroSlideInput>) {
  const row = await audited(
    db,
    actor,
    async (tx) => (await first(tx.insert(heroSlides).values(input).returning()))!,
    (created) => ({ action: "admin.heroSlides.create", targetId: created.id, details: { ...input } }),
  );
  return toHeroSlide(row);
}

export async function updateHeroSlide(db: Db, actor: Actor, id: string, input: Partial<z.output<typeof heroSlideInput>>) {
  const fields = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const row = await audited(
    db,
    actor,
    async (tx) => {
      const updated = Object.keys(fields).length
        ? await first(tx.update(heroSlides).set(fields).where(eq(heroSlides.id, id)).returning())
        : await first(tx.select().from(heroSlides).where(eq(heroSlides.id, id)));
      if (!updated) throw notFound("Hero slide");
      return updated;
    },
    () => ({ action: "admin.heroSlides.update", targetId: id, details: { id, ...fields } }),
  );
  return toHeroSlide(row);
}

export function deleteHeroSlide(db: Db, actor: Actor, id: string) {
  return audited(
    db,
    actor,
    async (tx) => {
      if (changed(await tx.delete(heroSlides).where(eq(heroSlides.id, id))) === 0) throw notFound("Hero slide");
      return { success: true };
    },
    () => ({ action: "admin.heroSlides.remove", targetId: id, details: { id } }),
  );
}

// Categories ----------------------------------------------------------------------------------

const toCategory = (c: typeof categories.$inferSelect) => ({ ...c, createdAt: c.createdAt.toISOString() });

async function uniqueName<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (uniqueViolation(err, "categories", "name")) {
      throw new AppError("ALREADY_EXISTS", "A category with this name already exists");
    }
    throw err;
  }
}

export async function listCategories(db: Db) {
  return (await db.select().from(categories).orderBy(asc(categories.name))).map(toCategory);
}

/** Names are unique whatever their case: "Livestock" and "livestock" are one category. */
async function assertNameFree(db: Pick<Db, "select">, name: string, exceptId?: string) {
  const clash = (
    await db
      .select({ id: categories.id })
      .from(categories)
      .where(sql`lower(${categories.name}) = ${name.toLowerCase()}`)
  ).some((c) => c.id !== exceptId);
  if (clash) throw new AppError("ALREADY_EXISTS", "A category with this name already exists");
}

export async function createCategory(db: Db, actor: Actor, input: z.output<typeof categoryInput>) {
  const row = await audited(
    db,
    actor,
    async (tx) => {
      await assertNameFree(tx, input.name);
      return (await uniqueName(() => first(tx.insert(categories).values(input).returning())))!;
    },
    (created) => ({ action: "admin.categories.create", targetId: created.id, details: { ...input } }),
  );
  return toCategory(row);
}

export async function updateCategory(db: Db, actor: Actor, id: string, input: z.output<typeof categoryInput>) {
  const row = await audited(
    db,
    actor,
    async (tx) => {
      await assertNameFree(tx, input.name, id);
      const updated = await uniqueName(() => first(tx.update(categories).set(input).where(eq(categories.id, id)).returning()));
      if (!updated) throw notFound("Category");
      return updated;
    },
    () => ({ action: "admin.categories.update", targetId: id, details: { id, ...input } }),
  );
  return toCategory(row);
}

export function deleteCategory(db: Db, actor: Actor, id: string) {
  return audited(
    db,
    actor,
    async (tx) => {
      if (changed(await tx.delete(categories).where(eq(categories.id, id))) === 0) throw notFound("Category");
      return { success: true };
    },
    () => ({ action: "admin.categories.remove", targetId: id, details: { id } }),
  );
}

// Pop-ups -------------------------------------------------------------------------------------

function popupValues(input: z.output<typeof popupInput>) {
  return { ...input, startDate: input.startDate ? new Date(input.startDate) : null, endDate: input.endDate ? new Date(input.endDate) : null };
}

export async function listPopups(db: Db) {
  return (await db.select().from(popups).orderBy(desc(popups.priority), desc(popups.createdAt))).map(toPopup);
}

export async function createPopup(db: Db, actor: Actor, input: z.output<typeof popupInput>) {
  const row = await audited(
    db,
    actor,
    async (tx) => (await first(tx.insert(popups).values(popupValues(input)).returning()))!,
    (created) => ({ action: "admin.popups.create", targetId: created.id, details: { ...input } }),
  );
  return toPopup(row);
}

export async function updatePopup(db: Db, actor: Actor, id: string, input: z.output<typeof popupInput>) {
  const row = await audited(
    db,
    actor,
    async (tx) => {
      const updated = await first(tx.update(popups).set(popupValues(input)).where(eq(popups.id, id)).returning());
      if (!updated) throw notFound("Popup");
      return updated;
    },
    () => ({ action: "admin.popups.update", targetId: id, details: { id, ...input } }),
  );
  return toPopup(row);
}

export function deletePopup(db: Db, actor: Actor, id: string) {
  return audited(
    db,
    actor,
    async (tx) => {
      if (changed(await tx.delete(popups).where(eq(popups.id, id))) === 0) throw notFound("Popup");
      return { success: true };
    },
    () => ({ action: "admin.popups.remove", targetId: id, details: { id } }),
  );
}

// About page ----------------------------------------------------------------------------------

export async function saveAboutPage(db: Db, actor: Actor, input: z.output<typeof aboutPageInput>) {
  await audited(
    db,
    actor,
    async (tx) => {
      await tx
        .insert(aboutPage)
        .values({ id: 1, ...input })
        .onConflictDoUpdate({ target: aboutPage.id, set: { ...input, updatedAt: new Date() } });
    },
    () => ({ action: "admin.about.save", details: { ...input } }),
  );
  return (await getAboutPage(db))!;
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
    publishName: w.publishName,
    publishPhoto: w.publishPhoto,
  };
}

export async function listAdminWinners(db: Db) {
  return (
    await db
      .select({ w: winners, title: competitions.title })
      .from(winners)
      .leftJoin(competitions, eq(winners.competitionId, competitions.id))
      .orderBy(desc(winners.winDate))
  ).map((r) => toAdminWinner(r.w, r.title));
}

async function competitionTitle(db: Pick<Db, "select">, id: string): Promise<string> {
  const c = await first(db.select({ title: competitions.title }).from(competitions).where(eq(competitions.id, id)));
  if (!c) throw new AppError("INVALID_INPUT", "Competition is required");
  return c.title;
}

/**
 * A winner typed in by an admin, for prizes decided outside the draw; labelled manual. With a
 * ticket number it is linked to the entry holding that ticket, and that winner's claim opens.
 */
export function createWinner(db: Db, actor: Actor, input: z.output<typeof winnerInput>, from: { now?: Date; origin?: string } = {}) {
  const now = from.now ?? new Date();
  const { ticketNumber, ...fields } = input;
  return audited(
    db,
    actor,
    async (tx) => {
      const title = await competitionTitle(tx, input.competitionId);
      // Winners of one competition are added in turn: where transactions run side by side, a second
      // winner for the same ticket waits for the first one's commit and then finds it.
      await lockRow(tx, competitions, input.competitionId);
      const entry = ticketNumber ? await winningEntry(tx, input.competitionId, ticketNumber) : null;
      const created = (await first(
        tx
          .insert(winners)
          .values({ ...fields, source: "manual", entryId: entry?.id ?? null, ticketNumber: ticketNumber ?? null, winDate: now })
          .returning(),
      ))!;
      if (entry)
        await openClaim(tx, {
          winnerId: created.id,
          competition: { id: input.competitionId, title },
          entry,
          ticketNumber: ticketNumber!,
          now,
          origin: from.origin ?? "",
        });
      return toAdminWinner(created, title);
    },
    (created) => ({ action: "admin.winners.create", targetId: created.id, details: { ...input } }),
  );
}

/** The entry holding a ticket of the competition that counts (paid online, or postal) and has not already won. */
async function winningEntry(tx: Tx, competitionId: string, ticketNumber: string) {
  const row = await first(
    tx
      .select({ entry: entries })
      .from(tickets)
      .innerJoin(entries, eq(tickets.entryId, entries.id))
      .where(and(eq(tickets.competitionId, competitionId), eq(tickets.number, ticketNumber))),
  );
  if (!row || (row.entry.entryMethod === "online" && row.entry.paymentStatus !== "paid")) {
    throw new AppError("INVALID_INPUT", "No paid or postal entry holds that ticket number in this competition");
  }
  const already = await first(
    tx
      .select({ id: winners.id })
      .from(winners)
      .where(and(eq(winners.competitionId, competitionId), eq(winners.ticketNumber, ticketNumber)))
      .limit(1),
  );
  if (already) throw new AppError("ALREADY_EXISTS", "That ticket is already a winner of this competition");
  return row.entry;
}

export function updateWinner(db: Db, actor: Actor, id: string, input: z.output<typeof winnerInput>) {
  return audited(
    db,
    actor,
    async (tx) => {
      const title = await competitionTitle(tx, input.competitionId);
      // The ticket (and so the claim) is fixed when the winner is added.
      const { competitionId, customerName, photo, testimonial } = input;
      const row = await first(tx.update(winners).set({ competitionId, customerName, photo, testimonial }).where(eq(winners.id, id)).returning());
      if (!row) throw notFound("Winner");
      return toAdminWinner(row, title);
    },
    () => ({ action: "admin.winners.update", targetId: id, details: { id, ...input } }),
  );
}

export function deleteWinner(db: Db, actor: Actor, id: string) {
  return audited(
    db,
    actor,
    async (tx) => {
      // A claim is the record of a prize (what the winner chose, where it went): the winner it
      // belongs to stays. Their name, photo and testimonial can still be edited.
      const claim = await first(tx.select({ status: prizeClaims.status }).from(prizeClaims).where(eq(prizeClaims.winnerId, id)));
      if (claim) {
        throw new AppError(
          "INVALID_STATE",
          `This winner has a prize claim (${claim.status}), which is the record of their prize, so they cannot be deleted. Edit the name, photo or testimonial instead.`,
        );
      }
      if (changed(await tx.delete(winners).where(eq(winners.id, id))) === 0) throw notFound("Winner");
      return { success: true };
    },
    () => ({ action: "admin.winners.remove", targetId: id, details: { id } }),
  );
}

// Media uploads -------------------------------------------------------------------------------

/**
 * A one-time upload URL. Nothing is stored yet, but who was allowed to put which file on the site
 * is worth keeping: the grant and its row are made together.
 */
export function issueUploadUrl(db: Db, actor: Actor, uploads: UploadGrants, kind: UploadKind, action: string, details: Record<string, unknown>, now: number) {
  return audited(
    db,
    actor,
    () => uploads.issue(actor.id, kind, now),
    (grant) => ({ action, targetId: grant.objectPath, details }),
  );
}
