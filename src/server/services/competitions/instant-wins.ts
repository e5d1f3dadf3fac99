import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { createHash, randomBytes, randomInt } from "node:crypto";
import { lockRow, first, withTransaction, type Db, type Tx } from "../../../../db/client";
import { competitions, instantPrizes, winners, type Competition, type InstantPrize, type InstantPrizeKind, type User } from "../../../../db/schema";
import { enqueueStoredMail } from "../../mail/outbox";
import { uuidv7 } from "../../../../db/ids";
import { instantWinPlain } from "../../mail/draw-mails";
import { openClaim } from "../claims";
import { creditExpiryFrom, verifiedOwnerOf } from "../wallet";
import { commitmentText } from "../../../shared/instant-wins";
import { penceToDecimal } from "../../../shared/money";
import type { InstantWinsView, InstantWinView } from "../../../shared/schemas/instant-wins";
import { AppError } from "../../errors";
import { findCompetition } from "./catalogue";
import { displayName } from "./winner-name";
import { idBatches } from "../paging/batches";

/** A prize as the campaign defines it: `count` units of one name, kind and value. */
export interface InstantPrizeSpec {
  name: string;
  kind: InstantPrizeKind;
  valuePence: number;
  count: number;
}

const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

/** The same values as src/shared/instant-wins.ts (Web Crypto), without awaiting. */
export const instantCommitmentSync = (competitionId: string, ticketNumber: string, saltHex: string) =>
  sha256Hex(commitmentText(competitionId, ticketNumber, saltHex));
export const commitmentRootSync = (commitments: readonly string[]) => sha256Hex(commitments.join("\n"));

/** The prizes of a competition's units, grouped back as the campaign defined them (units are stored in that order). */
export function specsOf(units: readonly Pick<InstantPrize, "name" | "kind" | "valuePence">[]): InstantPrizeSpec[] {
  const specs: InstantPrizeSpec[] = [];
  for (const u of units) {
    const last = specs.at(-1);
    if (last && last.name === u.name && last.kind === u.kind && last.valuePence === u.valuePence) last.count++;
    else specs.push({ name: u.name, kind: u.kind, valuePence: u.valuePence, count: 1 });
  }
  return specs;
}

const sameSpecs = (a: readonly InstantPrizeSpec[], b: readonly InstantPrizeSpec[]) => JSON.stringify(a) === JSON.stringify(b);

export function unitsOf(db: Tx, competitionId: string): Promise<InstantPrize[]> {
  return db.select().from(instantPrizes).where(eq(instantPrizes.competitionId, competitionId)).orderBy(asc(instantPrizes.unitIndex));
}

/**
 * Fixes a competition's instant prizes before its first sale: for each unit a distinct winning number
 * drawn uniformly (node:crypto) from 1..maxTickets and a 32-byte salt, the unit's commitment, and the
 * root over all of them, timestamped. Called when the prizes or the number range change; once a ticket
 * is out they are locked (the caller refuses the change). `draw` is seeded only in tests. The units and
 * the root are replaced together, in one transaction (a savepoint inside the caller's).
 */
export function commitInstantPrizes(
  tx: Tx,
  competition: Pick<Competition, "id" | "maxTickets">,
  specs: readonly InstantPrizeSpec[],
  now: Date,
  draw: (min: number, max: number) => number = randomInt,
): Promise<void> {
  return withTransaction(tx, async (tx) => {
    await lockRow(tx, competitions, competition.id);
    await tx.delete(instantPrizes).where(eq(instantPrizes.competitionId, competition.id));
    const units = specs.flatMap((s) => Array.from({ length: s.count }, () => s));
    if (units.length === 0) {
      await tx.update(competitions).set({ instantCommitmentRoot: null, instantCommittedAt: null }).where(eq(competitions.id, competition.id));
      return;
    }
    const max = competition.maxTickets;
    if (max === null || units.length > max)
      throw new AppError("INVALID_INPUT", "Instant prizes need a maximum number of tickets at least as large as their count");
    const taken = new Set<number>();
    const rows = units.map((s, unitIndex) => {
      let n: number;
      do n = draw(1, max + 1);
      while (taken.has(n));
      taken.add(n);
      const ticketNumber = String(n);
      const salt = randomBytes(32).toString("hex");
      return {
        competitionId: competition.id,
        unitIndex,
        name: s.name,
        kind: s.kind,
        valuePence: s.valuePence,
        ticketNumber,
        salt,
        commitment: instantCommitmentSync(competition.id, ticketNumber, salt),
      };
    });
    for (let i = 0; i < rows.length; i += 200) await tx.insert(instantPrizes).values(rows.slice(i, i + 200));
    await tx
      .update(competitions)
      .set({ instantWin: true, instantCommitmentRoot: commitmentRootSync(rows.map((r) => r.commitment)), instantCommittedAt: now })
      .where(eq(competitions.id, competition.id));
  });
}

/**
 * On a campaign save: commit the prizes when they (or the number range) change, refuse any change once
 * a ticket is out. `specs` undefined keeps what is there.
 */
export async function saveInstantPrizes(
  tx: Tx,
  before: Competition | null,
  after: Competition,
  specs: readonly InstantPrizeSpec[] | undefined,
  now: Date,
): Promise<void> {
  const current = before ? specsOf(await unitsOf(tx, after.id)) : [];
  const wanted = specs ?? current;
  const rangeChanged = before !== null && before.maxTickets !== after.maxTickets;
  if (sameSpecs(current, wanted) && !(rangeChanged && wanted.length > 0)) return;
  if (before && before.nextTicketNumber > 1) {
    throw new AppError("HAS_SALES", "This competition has sales, so its instant prizes (and the numbers they are on) can no longer be changed");
  }
  if (wanted.length > 0 && (after.maxTickets === null || after.allocation !== "random")) {
    throw new AppError("INVALID_INPUT", "Instant prizes need a maximum number of tickets and random numbers");
  }
  await commitInstantPrizes(tx, after, wanted, now);
}

/**
 * The winning numbers of a commitment, kept in memory by its root: they never change once committed
 * (a new set of prizes is a new root), so checking a ticket is a hash look-up and the database is
 * asked only about a ticket that is on a winning number.
 */
const winningByRoot = new Map<string, ReadonlySet<string>>();
const WINNING_SETS_KEPT = 1000;

async function winningNumbers(tx: Tx, competitionId: string, root: string): Promise<ReadonlySet<string>> {
  const known = winningByRoot.get(root);
  if (known) return known;
  const set = new Set(
    (await tx.select({ number: instantPrizes.ticketNumber }).from(instantPrizes).where(eq(instantPrizes.competitionId, competitionId))).map((r) => r.number),
  );
  if (winningByRoot.size >= WINNING_SETS_KEPT) winningByRoot.delete(winningByRoot.keys().next().value!);
  winningByRoot.set(root, set);
  return set;
}

/**
 * A paid (or postal) entry's numbers against the winning numbers: one in-memory look-up per ticket,
 * and the unit's row only for a winning one. Each unit is won once (its number is sold once);
 * returns the units this entry won. A unit is read and marked won in one transaction (a savepoint
 * inside the caller's), so it is never won twice.
 */
export async function claimInstantWins(
  tx: Tx,
  competition: Pick<Competition, "id" | "instantCommitmentRoot">,
  entryId: string,
  numbers: readonly string[],
  nameOf: () => Promise<string>,
  now: Date,
): Promise<InstantPrize[]> {
  if (!competition.instantCommitmentRoot) return [];
  const winning = await winningNumbers(tx, competition.id, competition.instantCommitmentRoot);
  const onWinning = numbers.filter((number) => winning.has(number));
  if (!onWinning.length) return [];
  return withTransaction(tx, async (tx) => {
    const won: InstantPrize[] = [];
    for (const number of onWinning) {
      const unit = await tx.statements.instantPrizeAt.get({ competitionId: competition.id, number });
      if (!unit || unit.wonAt) continue;
      const winnerDisplayName = await nameOf();
      await tx.statements.markInstantWon.run({ id: unit.id, entryId, name: winnerDisplayName, wonAt: now.getTime() });
      won.push({ ...unit, wonEntryId: entryId, winnerDisplayName, wonAt: now });
    }
    return won;
  });
}

export function instantWinView(u: Pick<InstantPrize, "id" | "name" | "kind" | "valuePence" | "ticketNumber">): InstantWinView {
  return { prizeId: u.id, name: u.name, kind: u.kind, value: penceToDecimal(u.valuePence), ticketNumber: u.ticketNumber };
}

export const STAFF_REFUSED = "Staff accounts cannot enter instant-win competitions: they can see the winning numbers.";

/** An admin account may not enter a competition with instant prizes, online or by post. */
export async function refuseStaff(
  tx: Tx,
  competition: Pick<Competition, "instantCommitmentRoot">,
  userId: string | null,
  known?: Pick<User, "role">,
): Promise<void> {
  if (!competition.instantCommitmentRoot || !userId) return;
  if ((known ?? (await tx.statements.userById.get({ id: userId })))?.role === "admin") throw new AppError("STAFF_CANNOT_ENTER", STAFF_REFUSED);
}

/**
 * What a won unit gives, in the transaction that won it: site credit straight into the winner's
 * wallet (with an urgent notification and a mail), a cash or physical prize a winner's entry and a
 * claim (the claims' own notification and mail with the claim link).
 */
export async function awardInstantWins(
  tx: Tx,
  o: {
    competition: { id: string; title: string };
    entry: { id: string; userId: string | null; customerEmail: string; customerName: string };
    won: readonly InstantPrize[];
    now: Date;
    origin: string;
  },
): Promise<void> {
  const credits = o.won.filter((u) => u.kind === "credit");
  // Prepared statements: this runs inside the sale's write, where building SQL for each row would show.
  const st = tx.statements;
  for (const u of credits) {
    await st.insertWalletEntry.run({
      id: uuidv7(),
      // A guest's win with a verified account's address is that account's at once.
      userId: o.entry.userId ?? (await verifiedOwnerOf(tx, o.entry.customerEmail)),
      email: o.entry.customerEmail.trim().toLowerCase(),
      amountPence: u.valuePence,
      kind: "prize",
      reference: u.id,
      note: `${u.name}: ticket ${u.ticketNumber} in "${o.competition.title}"`,
      expiresAt: (await creditExpiryFrom(tx, o.now))?.getTime() ?? null,
      createdAt: o.now.getTime(),
    });
  }
  for (const u of o.won.filter((w) => w.kind !== "credit")) {
    const winner = (await first(
      tx
        .insert(winners)
        .values({
          competitionId: o.competition.id,
          entryId: o.entry.id,
          ticketNumber: u.ticketNumber,
          customerName: u.winnerDisplayName ?? "Winner",
          source: "instant",
          winDate: o.now,
        })
        .returning({ id: winners.id }),
    ))!;
    await openClaim(tx, { winnerId: winner.id, competition: o.competition, entry: o.entry, ticketNumber: u.ticketNumber, now: o.now, origin: o.origin });
  }
  if (!credits.length) return;
  const what = credits.map((u) => `${u.name} (ticket ${u.ticketNumber})`).join(", ");
  if (o.entry.userId) {
    await st.insertNotification.run({
      id: uuidv7(),
      userId: o.entry.userId,
      type: "winner",
      priority: "urgent",
      competitionId: o.competition.id,
      link: "/account",
      title: "You've won instantly!",
      message: `You won ${what} in "${o.competition.title}". It is in your site credit now.`,
      createdAt: o.now.getTime(),
    });
  }
  const mail = instantWinPlain({
    to: o.entry.customerEmail,
    name: o.entry.customerName,
    competitionTitle: o.competition.title,
    prizes: credits.map((u) => ({ name: u.name, ticketNumber: u.ticketNumber })),
    creditLink: `${o.origin}/account`,
    proofLink: `${o.origin}/competition/${o.competition.id}`,
  });
  await enqueueStoredMail(tx, { ...mail, userId: o.entry.userId }, o.now);
}

/** How a winner is published: first name, last initial and the account's town (never contact details). */
export async function publicNameOf(tx: Tx, buyer: { customerName: string; userId: string | null }): Promise<string> {
  const town = buyer.userId ? ((await tx.statements.userById.get({ id: buyer.userId }))?.city ?? null) : null;
  return displayName(buyer.customerName, town);
}

/** The instant prizes won by these entries, by entry. */
export async function instantWinsByEntry(db: Tx, entryIds: readonly string[]): Promise<Map<string, InstantWinView[]>> {
  const map = new Map<string, InstantWinView[]>();
  if (!entryIds.length) return map;
  for (const batch of idBatches(entryIds)) {
    const rows = await db
      .select()
      .from(instantPrizes)
      .where(and(inArray(instantPrizes.wonEntryId, batch), isNull(instantPrizes.voidedAt)))
      .orderBy(asc(instantPrizes.unitIndex));
    for (const r of rows) map.set(r.wonEntryId!, [...(map.get(r.wonEntryId!) ?? []), instantWinView(r)]);
  }
  return map;
}

/** Sales are over: every unit's number and salt may be shown. */
const salesClosed = (c: Competition, now: Date) => c.status !== "active" || now >= c.endDate || (c.maxTickets !== null && c.soldTickets >= c.maxTickets);

/** GET /api/competitions/{id}/instant-wins: the commitments, and what has been revealed. */
export async function instantWinsProof(db: Db, competitionId: string, now = new Date()): Promise<InstantWinsView> {
  const c = await findCompetition(db, competitionId);
  const closed = salesClosed(c, now);
  const units = await unitsOf(db, c.id);
  return {
    competitionId: c.id,
    commitmentRoot: c.instantCommitmentRoot,
    committedAt: c.instantCommittedAt?.toISOString() ?? null,
    revealed: closed,
    winnersStayInDraw: c.instantWinnersInDraw,
    prizes: units.map((u) => {
      // A void unit was won (so its number and salt are out) and then forfeited: nobody has it.
      const voided = u.voidedAt !== null;
      const won = u.wonAt !== null && !voided;
      const show = u.wonAt !== null || closed;
      return {
        unitId: u.id,
        name: u.name,
        kind: u.kind,
        value: penceToDecimal(u.valuePence),
        commitment: u.commitment,
        won,
        ticketNumber: show ? u.ticketNumber : null,
        salt: show ? u.salt : null,
        winnerDisplayName: won ? u.winnerDisplayName : null,
        wonAt: won ? (u.wonAt?.toISOString() ?? null) : null,
        voided,
        voidedAt: u.voidedAt?.toISOString() ?? null,
      };
    }),
  };
}
