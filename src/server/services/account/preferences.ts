import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { first, withTransaction, type Db, type Tx } from "../../../../db/client";
import { users } from "../../../../db/schema";
import { AppError } from "../../errors";

/** Marketing consent: given or withdrawn by the customer, with the time kept as evidence. */
export async function setPreferences(db: Db, userId: string, prefs: { marketingEmail: boolean }, now = new Date()) {
  const row = await first(
    db
      .update(users)
      .set({ marketingEmail: prefs.marketingEmail, marketingConsentAt: now })
      .where(eq(users.id, userId))
      .returning({ marketingEmail: users.marketingEmail, marketingConsentAt: users.marketingConsentAt }),
  );
  if (!row) throw new AppError("NOT_FOUND", "User not found");
  return { marketingEmail: row.marketingEmail, marketingConsentAt: row.marketingConsentAt?.toISOString() ?? null };
}

export async function getPreferences(db: Db, userId: string) {
  const row = await first(
    db.select({ marketingEmail: users.marketingEmail, marketingConsentAt: users.marketingConsentAt }).from(users).where(eq(users.id, userId)),
  );
  if (!row) throw new AppError("NOT_FOUND", "User not found");
  return { marketingEmail: row.marketingEmail, marketingConsentAt: row.marketingConsentAt?.toISOString() ?? null };
}

/**
 * The customer's unsubscribe token, made on first use: what a marketing mail's links carry. Read and
 * made in one transaction (a savepoint inside the caller's), so two mails at once share one token.
 */
export function unsubscribeTokenFor(tx: Tx, userId: string): Promise<string> {
  return withTransaction(tx, async (tx) => {
    const row = await first(tx.select({ token: users.unsubscribeToken }).from(users).where(eq(users.id, userId)));
    if (!row) throw new AppError("NOT_FOUND", "User not found");
    if (row.token) return row.token;
    const token = randomBytes(24).toString("base64url");
    await tx.update(users).set({ unsubscribeToken: token }).where(eq(users.id, userId));
    return token;
  });
}

/**
 * One click from a mail, signed in or not. An unknown token answers the same (nothing to say
 * about who is subscribed), and unsubscribing twice is harmless.
 */
export async function unsubscribe(db: Db, token: string, now = new Date()): Promise<{ ok: true }> {
  await db
    .update(users)
    .set({ marketingEmail: false, marketingConsentAt: now })
    .where(and(eq(users.unsubscribeToken, token), eq(users.marketingEmail, true)));
  return { ok: true };
}
