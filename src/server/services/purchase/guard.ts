import type { Db } from "../../../../db/client";
import type { Competition, Order } from "../../../../db/schema";
import { rateLimited } from "../../errors";

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
 * The first two in memory, per process: the shop runs as one process, and a restart forgetting the
 * counts costs one more window at most.
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
  /** Account id, or the email of a guest. */
  key: string;
  ip: string;
}

export class PurchaseGuard {
  private readonly declined = new Map<string, number[]>();
  private readonly holding = new Map<string, number>();

  constructor(private readonly options: PurchaseGuardOptions = DEFAULT_GUARD) {}

  /** The most tickets of `c` one buyer, or one address, may hold unpaid at once (at least one). */
  heldLimit(c: Pick<Competition, "maxTickets" | "maxTicketsPerPerson">): HeldLimit {
    const share =
      c.maxTickets === null
        ? { limit: this.options.heldTicketsPerAddress, percent: null }
        : { limit: Math.max(1, Math.floor((c.maxTickets * this.options.heldSharePercent) / 100)), percent: this.options.heldSharePercent };
    return c.maxTicketsPerPerson !== null && c.maxTicketsPerPerson < share.limit ? { limit: c.maxTicketsPerPerson, percent: null } : share;
  }

  /** Throws RATE_LIMITED when the buyer may not start another order (of `tickets`) now. */
  check(buyer: Buyer, now: number, tickets = 0): void {
    for (const [key, allowed] of [
      [`buyer:${buyer.key}`, this.options.declinesPerBuyer],
      [`ip:${buyer.ip}`, this.options.declinesPerAddress],
    ] as const) {
      const recent = this.recentDeclines(key, now);
      if (recent.length >= allowed) {
        const retryAfter = Math.max(1, Math.ceil((recent[0]! + this.options.windowMs - now) / 1000));
        const minutes = Math.ceil(retryAfter / 60);
        throw rateLimited(
          `Too many failed payments. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} before trying again, or use another card.`,
          retryAfter,
        );
      }
    }
    if ((this.holding.get(`buyer:${buyer.key}`) ?? 0) >= this.options.holdsPerBuyer) {
      throw rateLimited("You already have a payment in progress. Please wait for it to finish.", 5);
    }
    if ((this.holding.get(`ip:${buyer.ip}`) ?? 0) >= this.options.holdsPerAddress) {
      throw rateLimited("Too many payments in progress from your network. Please try again in a few seconds.", 5);
    }
    if ((this.holding.get(`tickets:${buyer.ip}`) ?? 0) + tickets > this.options.heldTicketsPerAddress) {
      throw rateLimited("Too many tickets are waiting on payments from your network. Please finish those payments or try again in a few minutes.", 30);
    }
  }

  /** A hold (of `tickets`) was taken: counted until `release` is called. */
  hold(buyer: Buyer, tickets = 0): () => void {
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

  /**
   * A payment that failed: declined, a processing error, or a 3-D Secure challenge the cardholder
   * failed, abandoned or let expire (settle.ts and the sweep count those, from the order).
   */
  failedPayment(buyer: Buyer, now: number): void {
    for (const key of this.keys(buyer)) {
      const recent = this.recentDeclines(key, now);
      recent.push(now);
      this.declined.set(key, recent);
    }
    if (this.declined.size > 100_000) this.prune(now);
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
export function buyerOfOrder(order: Pick<Order, "userId" | "customerEmail" | "clientIp">): Buyer {
  return { key: order.userId ?? order.customerEmail.toLowerCase(), ip: order.clientIp ?? "unknown" };
}
