import { desc, eq } from "drizzle-orm";
import { createHash } from "node:crypto";
import { first, withTransaction, type Db, type Tx } from "../../../../db/client";
import { competitionViews, competitions, type Competition } from "../../../../db/schema";
import { penceToDecimal } from "../../../shared/money";
import { tiersToView } from "../../../shared/pricing";
import type { PublicCompetition } from "../../../shared/schemas/competition";
import { AppError } from "../../errors";

/** The fields every view of a competition shares (see competitionCore). */
export function competitionCoreView(c: Competition) {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    image: c.image,
    category: c.category,
    price: penceToDecimal(c.pricePence),
    status: c.status,
    startDate: c.startDate.toISOString(),
    endDate: c.endDate.toISOString(),
    drawDate: c.drawDate.toISOString(),
    maxTickets: c.maxTickets,
    soldTickets: c.soldTickets,
    maxTicketsPerPerson: c.maxTicketsPerPerson,
    featured: c.featured,
    showOnHero: c.showOnHero,
    qualifyingQuestion: c.qualifyingQuestion,
    allowPostalEntry: c.allowPostalEntry,
    postalAddress: c.postalAddress,
    prizeDetails: c.prizeDetails,
    rules: c.rules,
    faq: c.faq,
    privacyPolicyUrl: c.privacyPolicyUrl,
    termsOfUseUrl: c.termsOfUseUrl,
    numberOfWinners: c.numberOfWinners,
    drawMode: c.drawMode,
    allocation: c.allocation,
    pickNumbers: c.pickNumbers,
    priceTiers: tiersToView(c.priceTiers),
    cashAlternative: c.cashAlternative,
    instantWin: c.instantWin,
    createdAt: c.createdAt.toISOString(),
  };
}

export function toPublicCompetition(c: Competition): PublicCompetition {
  const remaining = c.maxTickets === null ? null : Math.max(0, c.maxTickets - c.soldTickets - c.heldTickets);
  return {
    ...competitionCoreView(c),
    postalAddress: c.allowPostalEntry ? c.postalAddress : null,
    remainingTickets: remaining,
    soldOut: c.maxTickets !== null && c.soldTickets >= c.maxTickets,
    commitment: commitmentSync(c.drawSeed),
  };
}

/** Same value as the shared (Web Crypto) commitmentOf, without awaiting. */
export function commitmentSync(seedHex: string): string {
  return createHash("sha256").update(Buffer.from(seedHex, "hex")).digest("hex");
}

export async function listCompetitions(db: Db): Promise<PublicCompetition[]> {
  return (await db.select().from(competitions).orderBy(desc(competitions.createdAt))).map(toPublicCompetition);
}

export async function findCompetition(db: Tx, id: string): Promise<Competition> {
  const row = await first(db.select().from(competitions).where(eq(competitions.id, id)));
  if (!row) throw new AppError("NOT_FOUND", "Competition not found");
  return row;
}

export async function getCompetition(db: Db, id: string): Promise<PublicCompetition> {
  return toPublicCompetition(await findCompetition(db, id));
}

/** Trimmed, case-insensitive; a competition without a stored answer accepts anything. */
export function answerIsCorrect(competition: Pick<Competition, "qualifyingAnswer" | "qualifyingQuestion">, answer: string | null | undefined): boolean {
  const stored = competition.qualifyingAnswer?.trim();
  if (!stored) return true;
  return (answer ?? "").trim().toLowerCase() === stored.toLowerCase();
}

export async function checkAnswer(db: Db, competitionId: string, answer: string | null | undefined): Promise<{ correct: boolean }> {
  return { correct: answerIsCorrect(await findCompetition(db, competitionId), answer) };
}

export async function recordView(db: Db, userId: string, competitionId: string, claimedUserId?: string | null): Promise<{ recorded: boolean }> {
  if (claimedUserId && claimedUserId !== userId) {
    throw new AppError("NOT_YOURS", "You can only record your own views");
  }
  // The competition is looked up and the view written together: it cannot be deleted in between.
  await withTransaction(db, async (tx) => {
    await findCompetition(tx, competitionId);
    await tx.insert(competitionViews).values({ userId, competitionId });
  });
  return { recorded: true };
}
