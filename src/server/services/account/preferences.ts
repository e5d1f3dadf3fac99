import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../../../db/client";
import { users } from "../../../../db/schema";
import { AppError } from "../../errors";

/** Marketing consent: given or withdrawn by the customer, with the time kept as evidence. */
export function setPreferences(db: Db, userId: string, prefs: { marketingEmail: boolean }, now = new Date()) {
  const row = db
    .update(users)
    .set({ marketingEmail: prefs.marketingEmail, marketingConsentAt: now })
    .where(eq(users.id, userId))
    .returning({ marketingEmail: users.marketingEmail, marketingConsentAt: users.marketingConsentAt })
    .get();
  if (!row) throw new AppError("NOT_FOUND", "User not found");
  return { marketingEmail: row.marketingEmail, marketingConsentAt: row.marketingConsentAt?.toISOString() ?? null };
}

export function getPreferences(db: Db, userId: string) {
  const row = db.select({ marketingEmail: users.marketingEmail, marketingConsentAt: users.marketingConsentAt }).from(users).where(eq(users.id, userId)).get();
  if (!row) throw new AppError("NOT_FOUND", "User not found");
  return { marketingEmail: row.marketingEmail, marketingConsentAt: row.marketingConsentAt?.toISOString() ?? null };
}

/** The customer's unsubscribe token, made on first use: what a marketing mail's links carry. */
export function unsubscribeTokenFor(tx: Tx, userId: string): string {
  const row = tx.select({ token: users.unsubscribeToken }).from(users).where(eq(users.id, userId)).get();
  if (!row) throw new AppError("NOT_FOUND", "User not found");
  if (row.token) return row.token;
  const token = randomBytes(24).toString("base64url");
  tx.update(users).set({ unsubscribeToken: token }).where(eq(users.id, userId)).run();
  return token;
}

/**
 * One click from a mail, signed in or not. An unknown token answers the same (nothing to say
 * about who is subscribed), and unsubscribing twice is harmless.
 */
export function unsubscribe(db: Db, token: string, now = new Date()): { ok: true } {
  db.update(users)
    .set({ marketingEmail: false, marketingConsentAt: now })
    .where(and(eq(users.unsubscribeToken, token), eq(users.marketingEmail, true)))
    .run();
  return { ok: true };
}
