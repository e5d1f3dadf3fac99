import { and, desc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { changed, first, withTransaction, type Db, type Tx } from "../../../db/client";
import { competitions, instantPrizes, notifications, prizeClaims, users, winners, type PrizeClaim, type User } from "../../../db/schema";
import { ageOn } from "../../shared/london-time";
import type { AdminClaim, AdminClaimUpdate, ClaimAddress, ClaimsSummary, ClaimSubmitInput, CustomerClaim } from "../../shared/schemas/claims";
import { AppError } from "../errors";
import { claimReminderMail, claimUpdateMail, claimUpdateWords, type ClaimUpdate } from "../mail/claim-mails";
import { winnerMail } from "../mail/draw-mails";
import type { Mailer } from "../mail/mailer";
import { enqueueMail } from "../mail/outbox";
import { writeAudit, type Actor } from "./audit";
import { numberSetting } from "./settings";

/*
 * Prize claims (issue #17): a winner is told (notified), claims online (claimed: who they are, the
 * prize or its cash alternative, where to send it), and staff deliver or pay (fulfilled); a claim
 * nobody makes within the window expires. Every change is a notification to the winner and an
 * audit row, written in the change's transaction.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The footer's promise: winners are contacted within 48 hours. */
export const ACKNOWLEDGE_WITHIN_MS = 48 * HOUR;
const FINAL_REMINDER_AFTER_MS = 7 * DAY;
/** Changes nobody made by hand (the window closing) are logged under this actor. */
export const SYSTEM_ACTOR: Actor = { id: "system", email: "system" };

export const claimPath = (id: string) => `/account/claims/${id}`;

/** The entry's person and prize, as the draw (or an admin naming a winner) knows them. */
export interface ClaimOpening {
  winnerId: string;
  competition: { id: string; title: string };
  entry: { id: string; userId: string | null; customerEmail: string; customerName: string };
  ticketNumber: string | null;
  now: Date;
  /** The shop's public origin for the mail's links ("" without HTTP). */
  origin: string;
}

/**
 * Opens the claim of a new winner inside the transaction that made them one: the claim, an urgent
 * notification linking to it and the winner's mail with the claim link.
 */
export async function openClaim(tx: Tx, o: ClaimOpening): Promise<PrizeClaim> {
  const windowDays = await numberSetting(tx, "claim_window_days", 28);
  const expiresAt = new Date(o.now.getTime() + windowDays * DAY);
  const claim = (await first(
    tx
      .insert(prizeClaims)
      .values({
        winnerId: o.winnerId,
        competitionId: o.competition.id,
        entryId: o.entry.id,
        userId: o.entry.userId,
        customerEmail: o.entry.customerEmail.trim().toLowerCase(),
        customerName: o.entry.customerName,
        ticketNumber: o.ticketNumber,
        notifiedAt: o.now,
        expiresAt,
      })
      .returning(),
  ))!;
  if (o.entry.userId) {
    await tx.insert(notifications).values({
      userId: o.entry.userId,
      type: "winner",
      priority: "urgent",
      competitionId: o.competition.id,
      link: claimPath(claim.id),
      title: "You've won!",
      message: `${o.ticketNumber ? `Your ticket ${o.ticketNumber} won` : "You won"} "${o.competition.title}". Claim your prize: we'll be in touch within 48 hours to arrange it.`,
    });
  }
  await enqueueMail(tx, {
    ...winnerMail({
      to: o.entry.customerEmail,
      name: o.entry.customerName,
      competitionTitle: o.competition.title,
      ticketNumber: o.ticketNumber ?? "",
      claimLink: `${o.origin}${claimPath(claim.id)}`,
      claimBy: expiresAt,
      verifyLink: `${o.origin}/competition/${o.competition.id}/draw`,
    }),
    userId: o.entry.userId,
  });
  return claim;
}

// Reading -------------------------------------------------------------------------------------

const claimColumns = {
  claim: prizeClaims,
  title: competitions.title,
  category: competitions.category,
  image: competitions.image,
  prizeDetails: competitions.prizeDetails,
  cashAlternative: competitions.cashAlternative,
  /** The winner's account's email as it is now (staff reach the person there, as their mail does). */
  accountEmail: users.email,
  instantPrize: instantPrizes.name,
};
type ClaimRow = {
  claim: PrizeClaim;
  title: string;
  category: string;
  image: string;
  prizeDetails: string | null;
  cashAlternative: string | null;
  accountEmail: string | null;
  /** The instant prize's name, for the claim of an instant cash or physical prize. */
  instantPrize: string | null;
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toCustomerClaim(r: ClaimRow): CustomerClaim {
  const c = r.claim;
  return {
    id: c.id,
    winnerId: c.winnerId,
    competitionId: c.competitionId,
    competitionTitle: r.title,
    competitionImage: r.image,
    prize: r.instantPrize ?? (r.prizeDetails?.trim() || r.title),
    // The competition's cash alternative is for its main prize, not an instant one.
    cashAlternative: r.instantPrize ? null : r.cashAlternative,
    status: c.status,
    ticketNumber: c.ticketNumber,
    notifiedAt: c.notifiedAt.toISOString(),
    expiresAt: c.expiresAt.toISOString(),
    choice: c.choice,
    phone: c.phone,
    address: c.address,
    deliverable: c.deliverable,
    claimedAt: iso(c.claimedAt),
    fulfilledAt: iso(c.fulfilledAt),
    fulfilment: c.fulfilment,
    reference: c.reference,
    expiredAt: iso(c.expiredAt),
    expiryReason: c.expiryReason,
    verifyUrl: `/competition/${c.competitionId}/draw`,
  };
}

function toAdminClaim(r: ClaimRow, now: Date): AdminClaim {
  const c = r.claim;
  return {
    ...toCustomerClaim(r),
    customerName: c.customerName,
    customerEmail: r.accountEmail ?? c.customerEmail,
    userId: c.userId,
    contactedAt: iso(c.contactedAt),
    contactNote: c.contactNote,
    overdue: isOverdue(c, now),
    reminder48hAt: iso(c.reminder48hAt),
    reminder7dAt: iso(c.reminder7dAt),
    fulfilBy: paysMoney(c.choice, r.category) ? "paid" : "delivered",
  };
}

/** Not acknowledged (claimed online, or reached by phone) within 48 hours of the draw. */
function isOverdue(c: PrizeClaim, now: Date): boolean {
  return c.status === "notified" && !c.contactedAt && now.getTime() - c.notifiedAt.getTime() > ACKNOWLEDGE_WITHIN_MS;
}

function claimRows(db: Tx) {
  return db
    .select(claimColumns)
    .from(prizeClaims)
    .innerJoin(competitions, eq(prizeClaims.competitionId, competitions.id))
    .leftJoin(users, eq(users.id, prizeClaims.userId))
    .leftJoin(winners, and(eq(winners.id, prizeClaims.winnerId), eq(winners.source, "instant")))
    .leftJoin(instantPrizes, and(eq(instantPrizes.competitionId, winners.competitionId), eq(instantPrizes.ticketNumber, winners.ticketNumber)));
}

/**
 * The winner's own claims: those of their account's entries, and those of guest entries made with
 * the address they have verified. Anyone else's claim is as unknown as one that does not exist.
 */
function ownedBy(user: Pick<User, "id" | "email" | "emailVerified">) {
  return user.emailVerified
    ? sql`(${prizeClaims.userId} = ${user.id} or (${prizeClaims.userId} is null and ${prizeClaims.customerEmail} = ${user.email.toLowerCase()}))`
    : eq(prizeClaims.userId, user.id);
}

export async function listUserClaims(db: Db, user: User): Promise<CustomerClaim[]> {
  return (await claimRows(db).where(ownedBy(user)).orderBy(desc(prizeClaims.notifiedAt))).map(toCustomerClaim);
}

async function ownClaimRow(db: Tx, user: User, id: string): Promise<ClaimRow> {
  const row = await first(claimRows(db).where(and(eq(prizeClaims.id, id), ownedBy(user))));
  if (!row) throw new AppError("NOT_FOUND", "Claim not found");
  return row;
}

export async function getUserClaim(db: Db, user: User, id: string): Promise<CustomerClaim> {
  return toCustomerClaim(await ownClaimRow(db, user, id));
}

export async function listAdminClaims(db: Db, status: PrizeClaim["status"] | undefined, now: Date): Promise<AdminClaim[]> {
  const rows = await claimRows(db)
    .where(status ? eq(prizeClaims.status, status) : undefined)
    .orderBy(desc(prizeClaims.notifiedAt));
  return rows.map((r) => toAdminClaim(r, now));
}

/** A customer's claims as staff see them (the customer record): the same as the winner's own list. */
export async function listCustomerClaims(db: Db, user: User, now: Date): Promise<AdminClaim[]> {
  const rows = await claimRows(db).where(ownedBy(user)).orderBy(desc(prizeClaims.notifiedAt));
  return rows.map((r) => toAdminClaim(r, now));
}

export async function getAdminClaim(db: Tx, id: string, now: Date): Promise<AdminClaim> {
  const row = await first(claimRows(db).where(eq(prizeClaims.id, id)));
  if (!row) throw new AppError("NOT_FOUND", "Claim not found");
  return toAdminClaim(row, now);
}

export async function claimsSummary(db: Db, now: Date): Promise<ClaimsSummary> {
  const overdueBefore = new Date(now.getTime() - ACKNOWLEDGE_WITHIN_MS);
  const row = (await first(
    db
      .select({
        awaitingContact: sql<number>`coalesce(sum(case when ${prizeClaims.status} = 'notified' and ${prizeClaims.contactedAt} is null then 1 else 0 end), 0)`,
        overdue: sql<number>`coalesce(sum(case when ${prizeClaims.status} = 'notified' and ${prizeClaims.contactedAt} is null and ${lt(prizeClaims.notifiedAt, overdueBefore)} then 1 else 0 end), 0)`,
        awaitingFulfilment: sql<number>`coalesce(sum(case when ${prizeClaims.status} = 'claimed' then 1 else 0 end), 0)`,
      })
      .from(prizeClaims),
  ))!;
  return { awaitingContact: Number(row.awaitingContact), overdue: Number(row.overdue), awaitingFulfilment: Number(row.awaitingFulfilment) };
}

// Changing ------------------------------------------------------------------------------------

/** The winner's notification and mail about a change, in the change's transaction. */
async function tellWinner(tx: Tx, claim: PrizeClaim, competitionTitle: string, update: ClaimUpdate, origin: string): Promise<void> {
  const words = claimUpdateWords(competitionTitle, update);
  if (claim.userId) {
    await tx.insert(notifications).values({
      userId: claim.userId,
      type: update.kind === "expired" ? "warning" : "success",
      priority: "high",
      competitionId: claim.competitionId,
      link: claimPath(claim.id),
      title: words.title,
      message: words.message,
    });
  }
  await enqueueMail(tx, {
    ...claimUpdateMail({ to: claim.customerEmail, name: claim.customerName, competitionTitle, link: `${origin}${claimPath(claim.id)}`, update }),
    userId: claim.userId,
  });
}

/** UK mainland or Ireland: delivered free. Islands and territories the footer does not promise are arranged by the operator. */
const UK_NAMES = new Set(["united kingdom", "uk", "great britain", "gb", "england", "scotland", "wales", "northern ireland"]);
const IRELAND_NAMES = new Set(["ireland", "republic of ireland", "eire", "éire", "ie"]);
/** Postcode areas off the UK mainland: the Isle of Man, the Channel Islands, Scottish islands, Scilly, the Isle of Wight. */
const OFFSHORE_POSTCODE =
  /^(IM|GY|JE|HS|ZE)\d|^KW1[5-7]\b|^TR2[1-5]\b|^PO(3[0-9]|4[01])\b|^IV4[1-9]\b|^IV5[15-6]\b|^PA(4[1-9]|6[0-9]|7[0-8])\b|^PH4[2-4]\b|^KA2[78]\b/;

export function isDeliverable(address: ClaimAddress): boolean {
  const country = address.country.trim().toLowerCase().replace(/\./g, "");
  if (IRELAND_NAMES.has(country)) return true;
  if (!UK_NAMES.has(country)) return false;
  // "PO301AA" and "PO30 1AA" alike: the inward code (digit and two letters) is split off with one space.
  const postcode = address.postcode
    .toUpperCase()
    .replace(/\s+/g, "")
    .replace(/^(.+?)(\d[A-Z]{2})$/, "$1 $2");
  return !OFFSHORE_POSTCODE.test(postcode);
}

/** A claim is settled by a payment when the winner took the cash alternative or the prize is cash itself (a cash category). */
export function paysMoney(choice: PrizeClaim["choice"], category: string): boolean {
  return choice === "cash" || /\bcash\b/i.test(category);
}

function requireOpen(claim: PrizeClaim, now: Date): void {
  if (claim.status === "void") throw new AppError("INVALID_STATE", `This prize can no longer be claimed: ${claim.expiryReason ?? "it is void."}`);
  if (claim.status === "expired" || (claim.status === "notified" && claim.expiresAt <= now)) {
    throw new AppError("CLAIM_EXPIRED", "The claim window for this prize has closed. Please contact us if you think this is wrong.");
  }
  if (claim.status !== "notified") throw new AppError("INVALID_STATE", "This prize has already been claimed.");
}

/**
 * The winner's claim. Needs a verified email address and the date of birth on the account (an
 * account without one records it here, 18+ only); the cash alternative only where one is offered.
 */
export function submitClaim(
  db: Db,
  user: User,
  id: string,
  input: ClaimSubmitInput & { acceptTerms: true },
  now: Date,
  origin: string,
): Promise<CustomerClaim> {
  return withTransaction(db, async (tx) => {
    const row = await ownClaimRow(tx, user, id);
    const claim = row.claim;
    if (!user.emailVerified) throw new AppError("EMAIL_NOT_VERIFIED", "Please confirm your email address before claiming your prize.");
    requireOpen(claim, now);
    const fresh = await first(tx.select({ dateOfBirth: users.dateOfBirth }).from(users).where(eq(users.id, user.id)));
    const onAccount = fresh?.dateOfBirth ?? null;
    if (onAccount && onAccount !== input.dateOfBirth) {
      throw new AppError("DATE_OF_BIRTH_MISMATCH", "That date of birth doesn't match the one on your account.");
    }
    if (ageOn(input.dateOfBirth, now) < 18) throw new AppError("UNDER_18", "Prizes can only be claimed by winners aged 18 or over.");
    if (!onAccount) await tx.update(users).set({ dateOfBirth: input.dateOfBirth }).where(eq(users.id, user.id));
    if (input.choice === "cash" && !row.cashAlternative) throw new AppError("INVALID_INPUT", "This prize has no cash alternative.");
    const deliverable = isDeliverable(input.address);
    const updated = await first(
      tx
        .update(prizeClaims)
        .set({
          status: "claimed",
          choice: input.choice,
          phone: input.phone,
          address: input.address,
          deliverable,
          termsAcceptedAt: now,
          claimedAt: now,
          // A guest entry's claim now belongs to the verified account that made it.
          userId: claim.userId ?? user.id,
        })
        .where(and(eq(prizeClaims.id, id), eq(prizeClaims.status, "notified")))
        .returning(),
    );
    if (!updated) throw new AppError("INVALID_STATE", "This prize has already been claimed.");
    const publicity = { publishName: input.publishName === true, publishPhoto: input.publishPhoto === true };
    await tx.update(winners).set(publicity).where(eq(winners.id, updated.winnerId));
    await tellWinner(tx, updated, row.title, { kind: "claimed", choice: input.choice, deliverable }, origin);
    await writeAudit(
      tx,
      { id: user.id, email: user.email },
      {
        action: "customer.claims.submit",
        targetType: "claims",
        targetId: id,
        details: { id, choice: input.choice, deliverable, country: input.address.country, ...publicity },
      },
    );
    return toCustomerClaim({ ...row, claim: updated });
  });
}

/** PUT /admin/claims/{id}: record contact, mark fulfilled with a reference, or expire with a reason. */
export function updateClaim(db: Db, actor: Actor, id: string, input: AdminClaimUpdate, now: Date, origin: string): Promise<AdminClaim> {
  return withTransaction(db, async (tx) => {
    const row = await first(claimRows(tx).where(eq(prizeClaims.id, id)));
    if (!row) throw new AppError("NOT_FOUND", "Claim not found");
    const claim = row.claim;
    const note = input.note?.trim() || undefined;
    const reference = input.reference?.trim() || undefined;
    const refuse = () => {
      throw new AppError("INVALID_STATE", `A claim that is ${claim.status} cannot be marked ${input.status}.`);
    };
    if (input.status === "notified") {
      // Contact with a winner who has not claimed yet (by phone): acknowledged, still to claim.
      if (claim.status !== "notified") refuse();
      if (!note) throw new AppError("INVALID_INPUT", "Say how you reached the winner");
      await tx.update(prizeClaims).set({ contactedAt: now, contactNote: note }).where(eq(prizeClaims.id, id));
      // The winner hears of it too (never the staff's note itself).
      if (claim.userId) {
        await tx.insert(notifications).values({
          userId: claim.userId,
          type: "info",
          priority: "high",
          competitionId: claim.competitionId,
          link: claimPath(claim.id),
          title: "We've been in touch",
          message: `We've been in touch about your prize from "${row.title}". Claim it online whenever you're ready.`,
        });
      }
    } else if (input.status === "fulfilled") {
      if (claim.status !== "claimed") refuse();
      if (!reference) throw new AppError("INVALID_INPUT", paysMoney(claim.choice, row.category) ? "Add the payment reference" : "Add the carrier's reference");
      const fulfilment = paysMoney(claim.choice, row.category) ? "paid" : "delivered";
      const updated = await first(
        tx
          .update(prizeClaims)
          .set({ status: "fulfilled", fulfilment, reference, fulfilledAt: now, contactNote: note ?? claim.contactNote })
          .where(and(eq(prizeClaims.id, id), eq(prizeClaims.status, "claimed")))
          .returning(),
      );
      if (!updated) refuse();
      await tellWinner(tx, updated!, row.title, { kind: "fulfilled", fulfilment, reference }, origin);
    } else if (input.status === "expired") {
      if (claim.status !== "notified" && claim.status !== "claimed") refuse();
      if (!note) throw new AppError("INVALID_INPUT", "Give a reason for expiring the claim");
      const updated = (await first(
        tx.update(prizeClaims).set({ status: "expired", expiredAt: now, expiryReason: note }).where(eq(prizeClaims.id, id)).returning(),
      ))!;
      await tellWinner(tx, updated, row.title, { kind: "expired", reason: note }, origin);
    } else {
      // "claimed" is the winner's to make: it needs their date of birth and acceptance of the terms.
      throw new AppError("INVALID_STATE", "Only the winner can claim a prize (from the link in their email).");
    }
    await writeAudit(tx, actor, {
      action: "admin.claims.update",
      targetId: id,
      reason: note ?? null,
      details: { id, from: claim.status, status: input.status, reference: reference ?? null },
    });
    return getAdminClaim(tx, id, now);
  });
}

/**
 * The claims of instant winners whose entry was refunded in full or disputed: there is no prize to
 * claim any more. A claim still open (notified or claimed) becomes void with the reason and the
 * winner is told; one already fulfilled is left as it is (the prize has gone) and returned, for
 * staff to follow up. An expired claim stays expired.
 */
export async function voidClaimsOf(
  tx: Tx,
  winnerIds: readonly string[],
  reason: string,
  now: Date,
): Promise<{ voided: PrizeClaim[]; fulfilled: PrizeClaim[] }> {
  if (!winnerIds.length) return { voided: [], fulfilled: [] };
  // The claims' statuses are read and the open ones voided in one transaction (a savepoint of the caller's).
  return withTransaction(tx, async (tx) => {
    const claims = await tx
      .select({ claim: prizeClaims, title: competitions.title })
      .from(prizeClaims)
      .innerJoin(competitions, eq(prizeClaims.competitionId, competitions.id))
      .where(inArray(prizeClaims.winnerId, [...winnerIds]));
    const voided: PrizeClaim[] = [];
    const fulfilled: PrizeClaim[] = [];
    for (const { claim, title } of claims) {
      if (claim.status === "fulfilled") fulfilled.push(claim);
      if (claim.status !== "notified" && claim.status !== "claimed") continue;
      const updated = (await first(
        tx.update(prizeClaims).set({ status: "void", expiredAt: now, expiryReason: reason, updatedAt: now }).where(eq(prizeClaims.id, claim.id)).returning(),
      ))!;
      voided.push(updated);
      if (claim.userId) {
        await tx.insert(notifications).values({
          userId: claim.userId,
          type: "warning",
          priority: "high",
          competitionId: claim.competitionId,
          link: claimPath(claim.id),
          title: "Your prize claim is void",
          message: `Your prize from "${title}" can no longer be claimed: ${reason}`,
          createdAt: now,
        });
      }
    }
    return { voided, fulfilled };
  });
}

// The clock -----------------------------------------------------------------------------------

export interface ClaimsTickDeps {
  db: Db;
  mailer: Mailer;
  now?: () => Date;
  origin: string;
}

/**
 * One pass of the claim clock: reminders after 48 hours and 7 days to winners who have not
 * claimed, and expiry at the end of the window. Each claim's step is its own transaction and
 * is written once (a restart never sends a reminder twice).
 */
export async function claimsTick(deps: ClaimsTickDeps): Promise<{ reminded: number; expired: number }> {
  const { db, origin } = deps;
  const now = deps.now?.() ?? new Date();
  let reminded = 0;
  let expired = 0;
  const due = await db
    .select({ claim: prizeClaims, title: competitions.title })
    .from(prizeClaims)
    .innerJoin(competitions, eq(prizeClaims.competitionId, competitions.id))
    .where(and(eq(prizeClaims.status, "notified"), lte(prizeClaims.notifiedAt, new Date(now.getTime() - ACKNOWLEDGE_WITHIN_MS))));
  for (const { claim, title } of due) {
    const link = `${origin}${claimPath(claim.id)}`;
    if (claim.expiresAt <= now) {
      const reason = `It was not claimed within ${Math.round((claim.expiresAt.getTime() - claim.notifiedAt.getTime()) / DAY)} days of the draw.`;
      const didExpire = await withTransaction(db, async (tx) => {
        const updated = await first(
          tx
            .update(prizeClaims)
            .set({ status: "expired", expiredAt: now, expiryReason: reason })
            .where(and(eq(prizeClaims.id, claim.id), eq(prizeClaims.status, "notified")))
            .returning(),
        );
        if (!updated) return false;
        await tellWinner(tx, updated, title, { kind: "expired", reason }, origin);
        await writeAudit(tx, SYSTEM_ACTOR, { action: "system.claims.expire", targetType: "claims", targetId: claim.id, reason, details: { id: claim.id } });
        return true;
      });
      if (didExpire) expired++;
      continue;
    }
    const age = now.getTime() - claim.notifiedAt.getTime();
    const final = age >= FINAL_REMINDER_AFTER_MS;
    if (final ? claim.reminder7dAt : claim.reminder48hAt) continue;
    const sent = await withTransaction(db, async (tx) => {
      const column = final ? prizeClaims.reminder7dAt : prizeClaims.reminder48hAt;
      // A server that was down through both marks sends only the later reminder.
      const set = final ? { reminder7dAt: now, reminder48hAt: claim.reminder48hAt ?? now } : { reminder48hAt: now };
      const ok =
        changed(
          await tx
            .update(prizeClaims)
            .set(set)
            .where(and(eq(prizeClaims.id, claim.id), eq(prizeClaims.status, "notified"), isNull(column))),
        ) > 0;
      if (ok)
        await enqueueMail(tx, {
          ...claimReminderMail({ to: claim.customerEmail, name: claim.customerName, competitionTitle: title, link, expiresAt: claim.expiresAt, final }),
          userId: claim.userId,
        });
      return ok;
    });
    if (sent) reminded++;
  }
  if (reminded || expired) deps.mailer.poke();
  return { reminded, expired };
}
