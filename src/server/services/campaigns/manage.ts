import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { z } from "zod";
import { first, lockRow, withTransaction, type Db, type Tx } from "../../../../db/client";
import { competitions, draws, entries, instantPrizes, type Competition, type InstantPrizeKind } from "../../../../db/schema";
import { decimalToPence, penceToDecimal } from "../../../shared/money";
import { dearerQuantity, priceTierProblem, tiersFromView } from "../../../shared/pricing";
import { saveInstantPrizes, specsOf, type InstantPrizeSpec } from "../competitions/instant-wins";
import { relistDraft, type AdminCompetition, type campaignInput, type CompetitionUpdate, type RelistDraft } from "../../../shared/schemas/admin";
import { AppError } from "../../errors";
import { audited, writeAudit, type Actor } from "../audit";
import { competitionCoreView, findCompetition } from "../competitions/catalogue";
import { numberSetting } from "../settings";

type CampaignValues = z.output<typeof campaignInput>;

/** Why a closed competition cannot reopen (null when Activate may); the words the toggle would be refused with. */
export function reopenBlockedReason(c: Pick<Competition, "status" | "endDate" | "maxTickets" | "soldTickets">, poolFrozen: boolean, now: Date): string | null {
  if (c.status !== "closed") return null;
  if (poolFrozen) return "The draw pool is frozen for the draw, so sales cannot reopen.";
  if (c.endDate <= now) return "Its end date has passed, so sales cannot reopen.";
  if (c.maxTickets !== null && c.soldTickets >= c.maxTickets) return "It has sold out.";
  return null;
}

function toAdmin(c: Competition, revenuePence: number, paidEntries: number, poolFrozen: boolean, now: Date, prizes: InstantPrizeSpec[] = []): AdminCompetition {
  return {
    ...competitionCoreView(c),
    heldTickets: c.heldTickets,
    qualifyingAnswer: c.qualifyingAnswer,
    revenue: penceToDecimal(revenuePence),
    paidEntries,
    poolFrozen,
    reopenBlockedReason: reopenBlockedReason(c, poolFrozen, now),
    instantPrizes: prizes.map((p) => ({ name: p.name, kind: p.kind, value: penceToDecimal(p.valuePence), count: p.count })),
    instantWinnersInDraw: c.instantWinnersInDraw,
  };
}

/** Every competition's instant prizes as defined, in one read. */
async function instantSpecsById(db: Tx): Promise<Map<string, InstantPrizeSpec[]>> {
  const units = await db
    .select({ competitionId: instantPrizes.competitionId, name: instantPrizes.name, kind: instantPrizes.kind, valuePence: instantPrizes.valuePence })
    .from(instantPrizes)
    .orderBy(asc(instantPrizes.competitionId), asc(instantPrizes.unitIndex));
  const byCompetition = new Map<string, typeof units>();
  for (const u of units) byCompetition.set(u.competitionId, [...(byCompetition.get(u.competitionId) ?? []), u]);
  return new Map([...byCompetition].map(([id, list]) => [id, specsOf(list)]));
}

/** The campaign's instant prizes in pence, or undefined when the input does not name them. */
function instantSpecsOf(input: {
  instantPrizes?: Array<{ name: string; kind: InstantPrizeKind; value: string; count: number }>;
}): InstantPrizeSpec[] | undefined {
  return input.instantPrizes?.map((p) => ({ name: p.name, kind: p.kind, valuePence: decimalToPence(p.value) ?? 0, count: p.count }));
}

async function isFrozen(db: Tx, id: string): Promise<boolean> {
  return !!(await first(db.select({ id: draws.competitionId }).from(draws).where(eq(draws.competitionId, id))));
}

export async function listAdminCompetitions(db: Db, now = new Date()): Promise<AdminCompetition[]> {
  const paid = await db
    .select({
      competitionId: entries.competitionId,
      revenue: sql<number>`coalesce(sum(${entries.amountPence}), 0)`,
      n: sql<number>`count(*)`,
    })
    .from(entries)
    .where(eq(entries.paymentStatus, "paid"))
    .groupBy(entries.competitionId);
  const byId = new Map(paid.map((p) => [p.competitionId, p]));
  const frozen = new Set((await db.select({ id: draws.competitionId }).from(draws)).map((d) => d.id));
  const prizes = await instantSpecsById(db);
  return (await db.select().from(competitions).orderBy(desc(competitions.createdAt))).map((c) =>
    toAdmin(c, Number(byId.get(c.id)?.revenue ?? 0), Number(byId.get(c.id)?.n ?? 0), frozen.has(c.id), now, prizes.get(c.id)),
  );
}

async function getAdmin(db: Db, id: string, now = new Date()): Promise<AdminCompetition> {
  return (await listAdminCompetitions(db, now)).find((c) => c.id === id) ?? toAdmin(await findCompetition(db, id), 0, 0, await isFrozen(db, id), now);
}

function values(input: CampaignValues) {
  const pricePence = decimalToPence(input.price);
  if (pricePence === null) throw new AppError("INVALID_INPUT", "Price must be a number with at most 2 decimals");
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
    // New capped competitions draw their numbers at random unless told otherwise (issue #18).
    allocation: input.allocation ?? (input.maxTickets !== null ? ("random" as const) : ("sequential" as const)),
    pickNumbers: input.pickNumbers ?? false,
    priceTiers: tiersFromView(input.priceTiers ?? []) ?? [],
    instantWinnersInDraw: input.instantWinnersInDraw ?? true,
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
async function assertMinimumOpen(db: Tx, v: { startDate: Date; endDate: Date }): Promise<void> {
  const hours = await numberSetting(db, "minimum_open_hours", 24);
  if (v.endDate.getTime() - v.startDate.getTime() < hours * 3_600_000) {
    throw new AppError("INVALID_INPUT", `A competition must be open for at least ${hours} hours`);
  }
}

/**
 * Code of practice: instant-win competitions stay under half of the competitions on sale. Checked
 * when one is created, edited or reopened on sale (open and before its end date); the count includes it.
 */
async function assertInstantShare(tx: Tx, c: Pick<Competition, "id" | "instantWin" | "status" | "endDate">, now: Date): Promise<void> {
  if (!c.instantWin || c.status !== "active" || c.endDate <= now) return;
  const live = (
    await tx
      .select({ id: competitions.id, instantWin: competitions.instantWin })
      .from(competitions)
      .where(and(eq(competitions.status, "active"), gt(competitions.endDate, now)))
  ).filter((o) => o.id !== c.id);
  const instant = live.filter((o) => o.instantWin).length + 1;
  const total = live.length + 1;
  if (instant * 2 >= total) {
    throw new AppError(
      "INVALID_STATE",
      `Instant-win competitions would be ${instant} of the ${total} competitions on sale. The code of practice keeps them under half: put more other competitions on sale first.`,
    );
  }
}

/** Only the draw (services/draws.ts) may make a competition drawn: it reveals the seed and records the winners. */
export const DRAWN_ONLY_BY_DRAW = 'A competition becomes "drawn" only by running its draw.';
export const HAS_ENTRIES = "This competition has entries and cannot be deleted. Close it instead.";

export const NOT_RELISTABLE = "Only a closed or drawn competition can be relisted. Close it first.";

/** The competition to relist, refused unless its sales are over (closed, or drawn). */
async function relistable(db: Tx, id: string): Promise<Competition> {
  const source = await findCompetition(db, id);
  if (source.status === "active") throw new AppError("INVALID_STATE", NOT_RELISTABLE);
  return source;
}

/**
 * POST /admin/competitions/{id}/clone: the draft of a relisted competition, saved by nobody yet. Its
 * dates start now (to the minute) and keep the original's length of sale and its wait for the draw.
 */
export async function relistDraftOf(db: Db, id: string, now = new Date()): Promise<RelistDraft> {
  await relistable(db, id);
  const c = await getAdmin(db, id, now);
  const start = Math.floor(now.getTime() / 60_000) * 60_000;
  const end = start + Math.max(60_000, Date.parse(c.endDate) - Date.parse(c.startDate));
  const draw = end + Math.max(0, Date.parse(c.drawDate) - Date.parse(c.endDate));
  // The campaign's own fields as they are (the draft's schema keeps only those), with the new dates.
  return relistDraft.parse({
    ...c,
    relistOf: c.id,
    status: "active",
    startDate: new Date(start).toISOString(),
    endDate: new Date(end).toISOString(),
    drawDate: new Date(draw).toISOString(),
  });
}

export async function createCompetition(db: Db, actor: Actor, input: CampaignValues): Promise<AdminCompetition> {
  if (input.status === "drawn") throw new AppError("INVALID_INPUT", DRAWN_ONLY_BY_DRAW);
  const v = values(input);
  if (v.pickNumbers && v.allocation !== "random") throw new AppError("INVALID_INPUT", "Choosing numbers needs random numbers for the tickets not chosen");
  await assertMinimumOpen(db, v);
  // A relisting names the competition it copies (checked again now: it must still be over).
  const source = input.relistOf ? await relistable(db, input.relistOf) : null;
  const now = new Date();
  const row = await audited(
    db,
    actor,
    async (tx) => {
      const created = (await first(tx.insert(competitions).values(v).returning()))!;
      // Instant prizes are drawn and committed now, before the competition can sell anything.
      await saveInstantPrizes(tx, null, created, instantSpecsOf(input), now);
      const saved = await findCompetition(tx, created.id);
      await assertInstantShare(tx, saved, now);
      return saved;
    },
    (created) =>
      source
        ? { action: "admin.competitions.relist", targetId: created.id, details: { ...input, relistOf: source.id, relistOfTitle: source.title } }
        : { action: "admin.competitions.create", targetId: created.id, details: { ...input } },
  );
  return getAdmin(db, row.id, now);
}

/** Either every field (the edit form) or just a status (the dashboard's Close/Activate toggle). */
export async function updateCompetition(db: Db, actor: Actor, input: CompetitionUpdate, now = new Date()): Promise<AdminCompetition> {
  const { id } = input;
  await withTransaction(db, async (tx) => {
    await lockRow(tx, competitions, id);
    const current = await first(tx.select().from(competitions).where(eq(competitions.id, id)));
    if (!current) throw new AppError("NOT_FOUND", "Competition not found");
    // Neither the toggle nor the full form may skip the draw: "drawn" without a revealed seed and winners is a lie.
    if (input.status === "drawn" && current.status !== "drawn") throw new AppError("INVALID_INPUT", DRAWN_ONLY_BY_DRAW);
    // Once the pool is frozen for the draw, sales cannot reopen and the status is the draw's to change.
    const frozen = await isFrozen(tx, id);
    if (frozen && input.status !== current.status) {
      throw new AppError("POOL_FROZEN", "The draw pool of this competition is frozen; its status can no longer be changed");
    }
    // Reopening from the toggle: only before the end date and while tickets remain (the form may move the end date).
    if (!("title" in input) && current.status === "closed" && input.status === "active") {
      const reason = reopenBlockedReason(current, frozen, now);
      if (reason) throw new AppError("INVALID_STATE", `This competition cannot reopen: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`);
    }
    if (!("title" in input)) {
      if (input.status === "active" && current.status !== "active") await assertInstantShare(tx, { ...current, status: "active" }, now);
      await tx.update(competitions).set({ status: input.status }).where(eq(competitions.id, id));
    } else {
      const next = {
        ...values(input),
        allocation: input.allocation ?? current.allocation,
        pickNumbers: input.pickNumbers ?? current.pickNumbers,
        instantWinnersInDraw: input.instantWinnersInDraw ?? current.instantWinnersInDraw,
        priceTiers: input.priceTiers ? (tiersFromView(input.priceTiers) ?? []) : current.priceTiers,
      };
      if (next.allocation === "random" && next.maxTickets === null) {
        throw new AppError("INVALID_INPUT", "Random numbers need a maximum number of tickets");
      }
      if (next.pickNumbers && next.allocation !== "random") {
        throw new AppError("INVALID_INPUT", "Choosing numbers needs random numbers for the tickets not chosen");
      }
      const tierProblem = priceTierProblem(next.pricePence, next.priceTiers);
      if (tierProblem) throw new AppError("INVALID_INPUT", tierProblem);
      // A buyer must never pay more per ticket than an earlier buyer of the same quantity.
      const dearer =
        current.soldTickets + current.heldTickets > 0
          ? dearerQuantity({ basePence: current.pricePence, tiers: current.priceTiers }, { basePence: next.pricePence, tiers: next.priceTiers })
          : null;
      if (dearer !== null) {
        throw new AppError(
          "HAS_SALES",
          `This competition has sales, so its prices can only go down: ${dearer} ${dearer === 1 ? "ticket" : "tickets"} would cost more each than before`,
        );
      }
      // Numbers handed out are fixed: the allocation cannot change, and a random shuffle can only grow.
      if (current.nextTicketNumber > 1 && next.allocation !== current.allocation) {
        throw new AppError("HAS_SALES", "Ticket numbers have been handed out, so the allocation can no longer be changed");
      }
      if (current.nextTicketNumber > 1 && current.allocation === "random" && current.maxTickets !== null && (next.maxTickets ?? 0) < current.maxTickets) {
        throw new AppError("HAS_SALES", "Ticket numbers have been drawn at random from 1 to the maximum, so the maximum can only go up");
      }
      if (next.startDate.getTime() !== current.startDate.getTime() || next.endDate.getTime() !== current.endDate.getTime()) {
        await assertMinimumOpen(tx, next);
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
          throw new AppError("HAS_SALES", `This competition has sales, so its ${changed.join(", ")} can no longer be changed`);
        }
      }
      const taken = current.soldTickets + current.heldTickets;
      if (next.maxTickets !== null && next.maxTickets < taken) {
        throw new AppError("HAS_SALES", `Maximum tickets cannot be below the ${taken} tickets already sold or held`);
      }
      if (current.nextTicketNumber > 1 && next.instantWinnersInDraw !== current.instantWinnersInDraw) {
        throw new AppError("HAS_SALES", "This competition has sales, so whether instant winners stay in the draw can no longer be changed");
      }
      const after = (await first(tx.update(competitions).set(next).where(eq(competitions.id, id)).returning()))!;
      await saveInstantPrizes(tx, current, after, instantSpecsOf(input), now);
      // Only a competition becoming a live instant win is counted (an edit of one already on sale is not refused).
      if (!(current.instantWin && current.status === "active" && current.endDate > now)) await assertInstantShare(tx, await findCompetition(tx, id), now);
    }
    await writeAudit(tx, actor, { action: "admin.competitions.update", targetId: id, details: { ...input } });
  });
  return getAdmin(db, id, now);
}

/**
 * Refused while the competition has any entry that is, or may become, a ticket: paid, pending
 * (payment in flight) or postal (a free entry the law says must be treated like a paid one).
 * Failed online payments hold no ticket and go with the competition.
 */
export function deleteCompetition(db: Db, actor: Actor, id: string): Promise<{ success: boolean }> {
  return audited(
    db,
    actor,
    async (tx) => {
      await findCompetition(tx, id);
      const kept = await first(
        tx
          .select({ n: sql<number>`count(*)` })
          .from(entries)
          .where(and(eq(entries.competitionId, id), sql`not (${entries.entryMethod} = 'online' and ${entries.paymentStatus} = 'failed')`)),
      );
      if (Number(kept?.n ?? 0) > 0) throw new AppError("HAS_SALES", HAS_ENTRIES);
      await tx.delete(competitions).where(eq(competitions.id, id));
      return { success: true };
    },
    () => ({ action: "admin.competitions.remove", targetId: id, details: { id } }),
  );
}
