import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../../db/client";
import { first } from "../../../../db/client";
import { entries, orders, type Competition } from "../../../../db/schema";
import { rateLimited } from "../../errors";
import type { Counters } from "../../limits";

/**
 * Keeps one buyer from starving everyone else of tickets. A hold takes numbers off sale for the
 * length of the payment call, so a buyer who loops orders with a card that always declines could
 * otherwise keep the rest of a competition "sold out" while nothing is sold. Two rules, by account
 * (or email for a guest) and by address:
 *
 * - failed payments (declined, or a processing error): a few a window, then a clear refusal until
 *   the window has passed;
 * - holds at once: an account (or address) may have only a couple of payments in progress;
 * - tickets held unpaid in one competition: a share of it (heldLimit), checked inside the hold
 *   (hold.ts) from the orders themselves.
 *
 * On SQLite, whose shop is one process, the first two are counted in memory (MemoryPurchaseGuard):
 * a restart forgetting them costs one more window at most. On PostgreSQL, where several processes
 * sell at once, failed payments are in the shared counters and payments in progress are counted
 * from the orders themselves, inside the hold once the buyer's account is locked (SharedPurchaseGuard).
 */
export interface PurchaseGuardOptions {
  /** Declined payments an account (or guest email) may have per window before new orders are refused. */
  declinesPerBuyer: number;
  /** The same for one address: higher, since many people may share one (a household, a mobile network). */
  declinesPerAddress: number;
  windowMs: number;
  /** Orders an account (or guest email) may have waiting on the payment provider at once. */
  holdsPerBuyer: number;
  /** The same for one address. */
  holdsPerAddress: number;
  /**
   * Tickets one address may hold at once in orders not yet paid: with guest checkout, fresh emails
   * would otherwise let one address hold holdsPerAddress full orders (chosen numbers included).
   */
  heldTicketsPerAddress: number;
  /**
   * Tickets of one competition that one account (or guest email), and one address, may hold at once
   * in unpaid orders, as a percentage of the competition's tickets (and never more than its per-person
   * cap; heldTicketsPerAddress for a competition without a maximum). Counted from the orders
   * themselves inside the hold, so it holds across processes and for orders waiting on the bank.
   */
  heldSharePercent: number;
}

export const DEFAULT_GUARD: PurchaseGuardOptions = {
  declinesPerBuyer: 5,
  declinesPerAddress: 20,
  windowMs: 10 * 60 * 1000,
  holdsPerBuyer: 2,
  holdsPerAddress: 20,
  heldTicketsPerAddress: 300,
  heldSharePercent: 20,
};

/** A competition's cap on unpaid holds: `percent` when it is that share of the competition's tickets. */
export interface HeldLimit {
  limit: number;
  percent: number | null;
}

export interface Buyer {
  /** Account id, or the email of a guest (in lower case). */
  key: string;
  /** The account, or null for a guest. */
  userId: string | null;
  ip: string;
}

/** What a purchase path asks of its guard. */
export interface PurchaseGuard {
  /** The most tickets of `c` one buyer, or one address, may hold unpaid at once (at least one). */
  heldLimit(c: Pick<Competition, "maxTickets" | "maxTicketsPerPerson">): HeldLimit;
  /**
   * Before the hold: throws RATE_LIMITED when the buyer may not start another order (of `tickets`)
   * now; else what it counted, to be released when the payment is over.
   */
  admit(buyer: Buyer, now: number, tickets: number): Promise<() => void>;
  /** Inside the hold's transaction, with the buyer's account locked: throws RATE_LIMITED as `admit` does. */
  checkHolding(tx: Tx, buyer: Buyer, now: Date, tickets: number): Promise<void>;
  /**
   * A payment that failed: declined, a processing error, or a 3-D Secure challenge the cardholder
   * failed, abandoned or let expire (settle.ts and the sweep count those, from the order). Never throws.
   */
  failedPayment(buyer: Buyer, now: number): Promise<void>;
}

/** The guard for a shop: counted in memory in one process, or from the database for every process. */
export function createPurchaseGuard(counters: Counters, options: PurchaseGuardOptions = DEFAULT_GUARD): PurchaseGuard {
  return counters.shared ? new SharedPurchaseGuard(counters, options) : new MemoryPurchaseGuard(options);
}

/** The rules and their refusals, the same whichever way the counts are kept. */
abstract class GuardRules {
  constructor(protected readonly options: PurchaseGuardOptions) {}

  heldLimit(c: Pick<Competition, "maxTickets" | "maxTicketsPerPerson">): HeldLimit {
    const share =
      c.maxTickets === null
        ? { limit: this.options.heldTicketsPerAddress, percent: null }
        : { limit: Math.max(1, Math.floor((c.maxTickets * this.options.heldSharePercent) / 100)), percent: this.options.heldSharePercent };
    return c.maxTicketsPerPerson !== null && c.maxTicketsPerPerson < share.limit ? { limit: c.maxTicketsPerPerson, percent: null } : share;
  }

  /** Refuses when the failed payments of the buyer or the address, the oldest counted ending its window at `resetAt`, reach their limit. */
  protected refuseDeclines(failed: { buyer: number; address: number }, resetAt: { buyer: number; address: number }, now: number): void {
    for (const who of ["buyer", "address"] as const) {
      const allowed = who === "buyer" ? this.options.declinesPerBuyer : this.options.declinesPerAddress;
      if (failed[who] < allowed) continue;
      const retryAfter = Math.max(1, Math.ceil((resetAt[who] - now) / 1000));
      const minutes = Math.ceil(retryAfter / 60);
      throw rateLimited(
        `Too many failed payments. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} before trying again, or use another card.`,
        retryAfter,
      );
    }
  }

  /** Refuses another payment (of `tickets`) beside those in progress. */
  protected refuseHolding(holding: { buyer: number; address: number; addressTickets: number }, tickets: number): void {
    if (holding.buyer >= this.options.holdsPerBuyer) {
      throw rateLimited("You already have a payment in progress. Please wait for it to finish.", 5);
    }
    if (holding.address >= this.options.holdsPerAddress) {
      throw rateLimited("Too many payments in progress from your network. Please try again in a few seconds.", 5);
    }
    if (holding.addressTickets + tickets > this.options.heldTicketsPerAddress) {
      throw rateLimited("Too many tickets are waiting on payments from your network. Please finish those payments or try again in a few minutes.", 30);
    }
  }
}

/** One process's guard: failed payments and payments in progress in maps. */
export class MemoryPurchaseGuard extends GuardRules implements PurchaseGuard {
  private readonly declined = new Map<string, number[]>();
  private readonly holding = new Map<string, number>();

  constructor(options: PurchaseGuardOptions = DEFAULT_GUARD) {
    super(options);
  }

  /** Checked and counted with nothing awaited in between: two orders sent at once cannot both pass. */
  admit(buyer: Buyer, now: number, tickets: number): Promise<() => void> {
    const buyerDeclines = this.recentDeclines(`buyer:${buyer.key}`, now);
    const addressDeclines = this.recentDeclines(`ip:${buyer.ip}`, now);
    const window = this.options.windowMs;
    this.refuseDeclines(
      { buyer: buyerDeclines.length, address: addressDeclines.length },
      { buyer: (buyerDeclines[0] ?? now) + window, address: (addressDeclines[0] ?? now) + window },
      now,
    );
    this.refuseHolding(
      {
        buyer: this.holding.get(`buyer:${buyer.key}`) ?? 0,
        address: this.holding.get(`ip:${buyer.ip}`) ?? 0,
        addressTickets: this.holding.get(`tickets:${buyer.ip}`) ?? 0,
      },
      tickets,
    );
    return Promise.resolve(this.hold(buyer, tickets));
  }

  checkHolding(): Promise<void> {
    return Promise.resolve();
  }

  failedPayment(buyer: Buyer, now: number): Promise<void> {
    for (const key of this.keys(buyer)) {
      const recent = this.recentDeclines(key, now);
      recent.push(now);
      this.declined.set(key, recent);
    }
    if (this.declined.size > 100_000) this.prune(now);
    return Promise.resolve();
  }

  /** A hold (of `tickets`) was taken: counted until the returned release is called. */
  private hold(buyer: Buyer, tickets: number): () => void {
    const counts: Array<[string, number]> = [...this.keys(buyer).map((k): [string, number] => [k, 1]), [`tickets:${buyer.ip}`, tickets]];
    for (const [k, n] of counts) this.holding.set(k, (this.holding.get(k) ?? 0) + n);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const [k, by] of counts) {
        const n = (this.holding.get(k) ?? by) - by;
        if (n <= 0) this.holding.delete(k);
        else this.holding.set(k, n);
      }
    };
  }

  private keys(buyer: Buyer): string[] {
    return [`buyer:${buyer.key}`, `ip:${buyer.ip}`];
  }

  private recentDeclines(key: string, now: number): number[] {
    return (this.declined.get(key) ?? []).filter((t) => t > now - this.options.windowMs);
  }

  private prune(now: number): void {
    for (const [key, times] of this.declined) if (!times.some((t) => t > now - this.options.windowMs)) this.declined.delete(key);
  }
}

/**
 * The guard of a shop whose processes sell side by side (PostgreSQL). Failed payments are counted
 * in the shared counters, in a window from the first of them. Payments in progress are the orders
 * still holding tickets (pending, or waiting on the bank, their hold not yet over), counted inside
 * the hold: the buyer's account is locked by then, so two orders of one account cannot both pass,
 * whichever processes they reach.
 */
export class SharedPurchaseGuard extends GuardRules implements PurchaseGuard {
  constructor(
    private readonly counters: Counters,
    options: PurchaseGuardOptions = DEFAULT_GUARD,
  ) {
    super(options);
  }

  async admit(buyer: Buyer, now: number): Promise<() => void> {
    const [buyerKey, addressKey] = declineKeys(buyer);
    const found = await this.counters.read([buyerKey, addressKey], now);
    const buyerWindow = found.get(buyerKey);
    const addressWindow = found.get(addressKey);
    this.refuseDeclines(
      { buyer: buyerWindow?.count ?? 0, address: addressWindow?.count ?? 0 },
      { buyer: buyerWindow?.resetAt ?? now, address: addressWindow?.resetAt ?? now },
      now,
    );
    return () => {};
  }

  async checkHolding(tx: Tx, buyer: Buyer, now: Date, tickets: number): Promise<void> {
    const inProgress = and(inArray(orders.status, ["pending", "requires_action"]), gt(orders.holdExpiresAt, now));
    const theirs = buyer.userId ? eq(orders.userId, buyer.userId) : and(isNull(orders.userId), sql`lower(${orders.customerEmail}) = ${buyer.key}`);
    const counts = await first(
      tx
        .select({
          buyer: sql<number>`coalesce(sum(case when ${theirs} then 1 else 0 end), 0)`,
          address: sql<number>`coalesce(sum(case when ${orders.clientIp} = ${buyer.ip} then 1 else 0 end), 0)`,
        })
        .from(orders)
        .where(inProgress),
    );
    const held = await first(
      tx
        .select({ tickets: sql<number>`coalesce(sum(${entries.ticketCount}), 0)` })
        .from(orders)
        .innerJoin(entries, eq(entries.orderId, orders.id))
        .where(and(inProgress, eq(orders.clientIp, buyer.ip))),
    );
    this.refuseHolding({ buyer: Number(counts?.buyer ?? 0), address: Number(counts?.address ?? 0), addressTickets: Number(held?.tickets ?? 0) }, tickets);
  }

  async failedPayment(buyer: Buyer, now: number): Promise<void> {
    // A count lost to an unreachable database costs one more try at most; the payment's own outcome stands.
    await Promise.all(declineKeys(buyer).map((key) => this.counters.add(key, this.options.windowMs, now))).catch(() => {});
  }
}

function declineKeys(buyer: Buyer): [string, string] {
  return [`declines:buyer:${buyer.key}`, `declines:ip:${buyer.ip}`];
}

/**
 * Orders waiting on the buyer's bank (3-D Secure) keep their tickets held for the whole hold time,
 * long after the payment call has answered, so the in-memory count above no longer covers them.
 * They are counted from the orders themselves: a buyer may have as many waiting at once as
 * payments in progress, so a card that never completes its challenge cannot hoard tickets.
 */
export async function checkAwaitingAuthentication(
  db: Db,
  buyer: { userId: string | null; customerEmail: string },
  now: Date,
  allowed = DEFAULT_GUARD.holdsPerBuyer,
): Promise<void> {
  const st = db.statements;
  const held = buyer.userId ? await st.awaitingByUser.all({ userId: buyer.userId }) : await st.awaitingByEmail.all({ email: buyer.customerEmail });
  if (held.length < allowed) return;
  const waiting = held.filter((o) => o.expires !== null && o.expires.getTime() > now.getTime()).sort((a, b) => a.expires!.getTime() - b.expires!.getTime());
  if (waiting.length < allowed) return;
  const retryAfter = Math.max(1, Math.ceil(((waiting[0]!.expires?.getTime() ?? now.getTime()) - now.getTime()) / 1000));
  throw rateLimited(
    "You have a payment waiting for your bank's confirmation. Please complete it, or wait for it to expire, before starting another.",
    retryAfter,
  );
}

/** Who placed an order, as the guard counts them: the account (or the guest's email) and the address it came from. */
export function buyerOfOrder(order: { userId: string | null; customerEmail: string; clientIp: string | null }): Buyer {
  return { key: order.userId ?? order.customerEmail.toLowerCase(), userId: order.userId, ip: order.clientIp ?? "unknown" };
}
