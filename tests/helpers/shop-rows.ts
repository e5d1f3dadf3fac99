import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import type { Db } from "../../db/client";
import { competitions, sessions, users } from "../../db/schema";
import { sessionIdFromToken } from "../../src/server/auth/session";

const DAY = 86_400_000;

/**
 * An account with a session, written straight into a shop's database (one that shop processes serve,
 * where the factories' in-process helpers do not reach): its session token and email.
 */
export async function accountWithSession(
  db: Db,
  role: "user" | "admin",
  name: string,
  passwordHash = "x",
): Promise<{ token: string; email: string; id: string }> {
  const now = new Date();
  const email = `${name.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const [user] = await db
    .insert(users)
    .values({ email, passwordHash, firstName: name, lastName: "Field", dateOfBirth: "1980-01-01", role, createdAt: now, updatedAt: now })
    .returning();
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
  await db.insert(sessions).values({ id: sessionIdFromToken(token), userId: user!.id, expiresAt: new Date(now.getTime() + DAY), createdAt: now });
  return { token, email, id: user!.id };
}

/** A competition on sale since yesterday until tomorrow, written the same way. */
export async function competitionOnSale(db: Db, over: Partial<typeof competitions.$inferInsert> = {}) {
  const now = Date.now();
  const [c] = await db
    .insert(competitions)
    .values({
      title: "Two-Process Tractor",
      description: "d",
      image: "/images/tractor.svg",
      category: "Farm Machinery",
      pricePence: 100,
      startDate: new Date(now - DAY),
      endDate: new Date(now + DAY),
      drawDate: new Date(now + 2 * DAY),
      maxTickets: 60,
      ...over,
    })
    .returning();
  return c!;
}
