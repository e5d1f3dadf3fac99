import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../../db/client";
import { competitions, draws, entries, type Competition } from "../../../db/schema";
import { decimalToPence, penceToDecimal } from "../../shared/money";
import { campaignInput, type AdminCompetition } from "../../shared/schemas/admin";
import { AppError } from "../errors";
import { competitionCoreView, findCompetition } from "./competitions";
import { numberSetting } from "./settings";

type CampaignValues = z.output<typeof campaignInput>;

function toAdmin(c: Competition, revenuePence: number, paidEntries: number): AdminCompetition {
  return {
    ...competitionCoreView(c),
    heldTickets: c.heldTickets,
    qualifyingAnswer: c.qualifyingAnswer,
    revenue: penceToDecimal(revenuePence),
    paidEntries,
  };
}

export function listAdminCompetitions(db: Db): AdminCompetition[] {
  const paid = db
    .select({
      competitionId: entries.competitionId,
      revenue: sql<number>`coalesce(sum(${entries.amountPence}), 0)`,
      n: sql<number>`count(*)`,
    })
    .from(entries)
    .where(eq(entries.paymentStatus, "paid"))
    .groupBy(entries.competitionId)
    .all();
  const byId = new Map(paid.map((p) => [p.competitionId, p]));
  return db
    .select()
    .from(competitions)
    .orderBy(desc(competitions.createdAt))
    .all()
    .map((c) => toAdmin(c, Number(byId.get(c.id)?.revenue ?? 0), Number(byId.get(c.id)?.n ?? 0)));
}

function getAdmin(db: Db, id: string): AdminCompetition {
  return listAdminCompetitions(db).find((c) => c.id === id) ?? toAdmin(findCompetition(db, id), 0, 0);
}

function values(input: CampaignValues) {
  const pricePence = decimalToPence(input.price);
  if (pricePence === null) throw new AppError("BAD_REQUEST", "Price must be a number with at most 2 decimals");
  return {
    title: input.title,
    description: input.description,
    image: input.image,
    category: input.category,
    pricePence,
    status: input.status,
    startDate: new Date(input.startDate),
    endDate: new Date(input.endDate),
    drawDate: new Date(input.drawDate),
    maxTickets: input.maxTickets,
    maxTicketsPerPerson: input.maxTicketsPerPerson,
    numberOfWinners: input.numberOfWinners,
    drawMode: input.drawMode,
    cashAlternative: input.cashAlternative,
    instantWin: input.instantWin,
    featured: input.featured,
    showOnHero: input.showOnHero,
    qualifyingQuestion: input.qualifyingQuestion,
    qualifyingAnswer: input.qualifyingAnswer,
    allowPostalEntry: input.allowPostalEntry,
    postalAddress: input.postalAddress,
    prizeDetails: input.prizeDetails,
    rules: input.rules,
    faq: input.faq,
    privacyPolicyUrl: input.privacyPolicyUrl,
    termsOfUseUrl: input.termsOfUseUrl,
  };
}

/** Code of practice 1.9: a competition stays open for at least the minimum period (a setting). */
function assertMinimumOpen(db: Db, v: { startDate: Date; endDate: Date }): void {
  const hours = numberSetting(db, "minimum_open_hours", 24);
  if (v.endDate.getTime() - v.startDate.getTime() < hours * 3_600_000) {
    throw new AppError("BAD_REQUEST", `A competition must be open for at least ${hours} hours`);
  }
}

export function createCompetition(db: Db, input: CampaignValues): AdminCompetition {
  const v = values(input);
  assertMinimumOpen(db, v);
  const row = db.insert(competitions).values(v).returning().get();
  return toAdmin(row, 0, 0);
}

/** Either every field (the edit form) or just a status (the dashboard's Close/Activate toggle). */
export function updateCompetition(db: Db, id: string, input: CampaignValues | { status: Competition["status"] }): AdminCompetition {
  db.transaction(
    (tx) => {
      const current = tx.select().from(competitions).where(eq(competitions.id, id)).get();
      if (!current) throw new AppError("NOT_FOUND", "Competition not found");
      // Once the pool is frozen for the draw, sales cannot reopen and the status is the draw's to change.
      const frozen = tx.select({ id: draws.competitionId }).from(draws).where(eq(draws.competitionId, id)).get();
      if (frozen && input.status !== current.status) {
        throw new AppError("CONFLICT", "The draw pool of this competition is frozen; its status can no longer be changed");
      }
      if (!("title" in input)) {
        if (input.status === "drawn") throw new AppError("BAD_REQUEST", "A competition becomes drawn only by running its draw");
        tx.update(competitions).set({ status: input.status }).where(eq(competitions.id, id)).run();
        return;
      }
      const next = values(input);
      if (next.startDate.getTime() !== current.startDate.getTime() || next.endDate.getTime() !== current.endDate.getTime()) {
        assertMinimumOpen(tx as unknown as Db, next);
      }
      // Code of practice 2.5: once tickets are sold, the closing and draw dates and the prize are fixed.
      if (current.soldTickets + current.heldTickets > 0) {
        const changed = [
          next.endDate.getTime() !== current.endDate.getTime() && "end date",
          next.drawDate.getTime() !== current.drawDate.getTime() && "draw date",
          (next.prizeDetails ?? null) !== (current.prizeDetails ?? null) && "prize details",
          (next.cashAlternative ?? null) !== (current.cashAlternative ?? null) && "cash alternative",
        ].filter(Boolean);
        if (changed.length) {
          throw new AppError("CONFLICT", `This competition has sales, so its ${changed.join(", ")} can no longer be changed`);
        }
      }
      const taken = current.soldTickets + current.heldTickets;
      if (next.maxTickets !== null && next.maxTickets < taken) {
        throw new AppError("CONFLICT", `Maximum tickets cannot be below the ${taken} tickets already sold or held`);
      }
      tx.update(competitions).set(next).where(eq(competitions.id, id)).run();
    },
    { behavior: "immediate" },
  );
  return getAdmin(db, id);
}

export function deleteCompetition(db: Db, id: string): { success: boolean } {
  return db.transaction(
    (tx) => {
      findCompetition(tx as unknown as Db, id);
      const paid = tx
        .select({ n: sql<number>`count(*)` })
        .from(entries)
        .where(and(eq(entries.competitionId, id), sql`${entries.paymentStatus} in ('paid', 'pending')`))
        .get();
      if (Number(paid?.n ?? 0) > 0) {
        throw new AppError("CONFLICT", "This competition has paid entries and cannot be deleted. Close it instead so its entries and draw stay on record.");
      }
      tx.delete(competitions).where(eq(competitions.id, id)).run();
      return { success: true };
    },
    { behavior: "immediate" },
  );
}


/** PUT /admin/competitions/{id}: only a status toggles it; anything more must be a whole, valid campaign. */
export function updateCompetitionFromRequest(db: Db, id: string, fields: Record<string, unknown>): AdminCompetition {
  const keys = Object.keys(fields);
  if (keys.length === 1 && keys[0] === "status") {
    return updateCompetition(db, id, { status: fields.status as Competition["status"] });
  }
  const parsed = campaignInput.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("BAD_REQUEST", `${issue.path.join(".")}: ${issue.message}`);
  }
  return updateCompetition(db, id, parsed.data);
}
