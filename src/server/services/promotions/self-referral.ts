import { and, eq } from "drizzle-orm";
import { first, type Tx } from "../../../../db/client";
import { orders, type Order, type User } from "../../../../db/schema";

/*
 * A referral earns nothing when both sides look like one person (issue #33, item 1): the same
 * mailbox under another spelling, the same home, the same card, or the same connection. Each rule
 * answers the reason recorded on the void referral, for the operator to read.
 */

const GMAIL = new Set(["gmail.com", "googlemail.com"]);

/**
 * One mailbox, one spelling: lower-case, `+tag` dropped for every domain, and for Gmail the dots too,
 * with googlemail.com read as gmail.com ("J.Smith+farm@googlemail.com" is "jsmith@gmail.com").
 */
export function mailboxOf(email: string): string {
  const at = email.trim().toLowerCase().lastIndexOf("@");
  if (at < 0) return email.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  let local = address.slice(0, at).split("+")[0]!;
  let domain = address.slice(at + 1);
  if (GMAIL.has(domain)) {
    domain = "gmail.com";
    local = local.replace(/\./g, "");
  }
  return `${local}@${domain}`;
}

/**
 * A home however it is written: the postcode without spaces, and the house's number (the address's
 * first word with a digit: "12", "12a", a flat's number) or, for a house with a name, its first two
 * words. "1, Mill Lane" and "1 MILL LANE, Upper Barnfield" at "ab12cd" are one home.
 */
export function homeOf(user: Pick<User, "address" | "postcode">): string | null {
  const postcode = (user.postcode ?? "").replace(/\s+/g, "").toUpperCase();
  const words = (user.address ?? "").toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const house = words.find((w) => /\d/.test(w)) ?? words.slice(0, 2).join(" ");
  return postcode && house ? `${postcode}|${house}` : null;
}

/** Why this referral is the referrer's own (the reason recorded), or null when it is not. */
export async function selfReferralReason(tx: Tx, referrer: User, referred: User, order: Order): Promise<string | null> {
  if (mailboxOf(referrer.email) === mailboxOf(referred.email)) return "Self-referral: the same email address as the referrer";
  const home = homeOf(referrer);
  if (home && home === homeOf(referred)) return "Self-referral: the same home address as the referrer";
  const sameAs = (column: typeof orders.cardFingerprint | typeof orders.clientIp, value: string) =>
    first(
      tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, referrer.id), eq(column, value)))
        .limit(1),
    );
  if (order.cardFingerprint && (await sameAs(orders.cardFingerprint, order.cardFingerprint))) return "Self-referral: paid with a card the referrer used";
  if (order.clientIp && order.clientIp !== "unknown" && (await sameAs(orders.clientIp, order.clientIp)))
    return "Self-referral: ordered from an address the referrer ordered from";
  return null;
}
