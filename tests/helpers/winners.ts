import { eq } from "drizzle-orm";
import { first, type Db } from "../../db/client";
import { prizeClaims, type Competition, type PrizeClaim, type User } from "../../db/schema";
import { createSession } from "../../src/server/auth/session";
import { noopMailer } from "../../src/server/mail/mailer";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { runDraw } from "../../src/server/services/draws";
import { closeEarlyOf } from "./close-early";
import { placeOrder } from "../../src/server/services/purchase";
import { createCompetition } from "../factories/competitions";
import { createUser } from "../factories/users";
import { createCaller } from "../../src/server/routers/_app";
import { createContextInner } from "../../src/server/trpc/context";
import { SHOP } from "./account";

/** Helpers of the prize-claim and draw-night tests (issue #17): winners made through the real purchase and draw. */

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/** A signed-in account holder; verified unless told otherwise. */
export async function account(db: Db, over: Partial<Parameters<typeof createUser>[1]> = {}): Promise<{ user: User; token: string }> {
  const user = await createUser(db, { emailVerified: true, ...over });
  return { user, token: (await createSession(db, user.id)).token };
}

/**
 * The caller of a signed-in user at a moment of the test's choosing, on the shop's origin. Unlike
 * tokenCaller, the session is not checked against that moment, so the clock may run weeks or years ahead.
 */
export async function callerAt(db: Db, user: User, now?: Date) {
  const { session } = await createSession(db, user.id);
  return createCaller(createContextInner({ db, user, session, authSource: "header", origin: SHOP, now: now ? () => now : undefined }));
}

export interface Buyer {
  userId: string | null;
  email: string;
  name?: string;
}

export const buyerOf = (user: User): Buyer => ({ userId: user.id, email: user.email, name: `${user.firstName} ${user.lastName}` });

/** Paid tickets (or, with sim_3ds_required, tickets held while the bank asks the cardholder). */
export function buy(db: Db, competitionId: string, buyer: Buyer, quantity = 1, token = "sim_approve") {
  return placeOrder(
    { db, payments: new SimulatedPaymentProvider(0), mailer: noopMailer },
    {
      userId: buyer.userId,
      customerName: buyer.name ?? "Gwen Ellis",
      customerEmail: buyer.email,
      lines: [{ competitionId, quantity, answer: "green" }],
      method: { token },
      returnUrl: "/checkout/complete",
    },
  );
}

let n = 0;

/** A competition whose only entry is the buyer's, drawn at `at` (links in mail on the shop's origin): its claim. */
export async function wonAt(
  db: Db,
  at: Date,
  buyer: Buyer,
  over: Partial<Parameters<typeof createCompetition>[1]> = {},
): Promise<{ competition: Competition; claim: PrizeClaim }> {
  n += 1;
  const competition = await createCompetition(db, { title: `Claimable Quad ${n}`, prizeDetails: `Farm quad number ${n}`, ...over });
  await buy(db, competition.id, buyer);
  await runDraw({ db, mailer: noopMailer, now: () => at, origin: SHOP }, competition.id, null, closeEarlyOf(competition));
  return { competition, claim: await claimOf(db, competition.id) };
}

export async function claimOf(db: Db, competitionId: string): Promise<PrizeClaim> {
  const rows = await db.select().from(prizeClaims).where(eq(prizeClaims.competitionId, competitionId));
  if (rows.length !== 1) throw new Error(`expected one claim for ${competitionId}, found ${rows.length}`);
  return rows[0]!;
}

export const claimRow = async (db: Db, id: string) => (await first(db.select().from(prizeClaims).where(eq(prizeClaims.id, id))))!;

/** What a winner sends to claim: a GB mainland address unless told otherwise. */
export function claimForm(dateOfBirth: string, over: Record<string, unknown> = {}) {
  return {
    dateOfBirth,
    choice: "prize" as "prize" | "cash",
    phone: "07700 900123",
    address: { line1: "Pant Farm", city: "Machynlleth", postcode: "SY20 8AA", country: "United Kingdom" },
    acceptTerms: true as const,
    ...over,
  };
}
