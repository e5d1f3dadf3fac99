import type { Db } from "../../../../db/client";
import type { Order } from "../../../../db/schema";
import type { OrderView } from "../../../shared/schemas/order";
import type { ChargeResult } from "../../payments/provider";
import { loadOrderView } from "./result";
import { paymentFailed } from "./settle";
import { AppError } from "../../errors";
import type { OrderDeps, PlaceOrderArgs } from "./types";

/** An idempotency key belongs to its buyer: the same key from two buyers is two orders. */
export function scopedKey(userId: string | null, customerEmail: string, key: string | null | undefined): string | null {
  return key ? `${userId ?? customerEmail.toLowerCase()}:${key}` : null;
}

/**
 * Orders of this process between hold and settlement, and approved payments whose settlement could
 * not be written (a full disk, say) that the sweep must record. Per database, like group commit.
 */
export interface InFlight {
  running: Map<string, Promise<OrderView>>;
  /** Orders waiting on the buyer's bank, and how to stop counting them against the buyer's payments in progress. */
  awaiting: Map<string, () => void>;
  unsettled: Map<string, Extract<ChargeResult, { status: "succeeded" }>>;
}

const inFlightByDb = new WeakMap<Db, InFlight>();

export function inFlight(db: Db): InFlight {
  let found = inFlightByDb.get(db);
  if (!found) inFlightByDb.set(db, (found = { running: new Map(), awaiting: new Map(), unsettled: new Map() }));
  return found;
}

/**
 * A repeated submit answers what the first one answers: it waits on the first attempt when that is
 * still running in this process, and otherwise reads the order as stored. An order still pending
 * (its payment answer not yet recorded, e.g. after a restart) is answered as pending, never as a
 * success: its numbers are not the buyer's until it is paid.
 */
/** Keeps an order waiting on authentication counted by the purchase guard until it is settled or its hold ends. */
export function keepCounted(db: Db, orderId: string, release: () => void, holdMs: number): void {
  const registry = inFlight(db);
  const timer = setTimeout(() => stopCounting(db, orderId), holdMs);
  timer.unref?.();
  registry.awaiting.set(orderId, () => {
    clearTimeout(timer);
    release();
  });
}

/** The order is settled (or failed): it no longer counts as a payment in progress. */
export function stopCounting(db: Db, orderId: string): void {
  const registry = inFlight(db);
  const release = registry.awaiting.get(orderId);
  if (!release) return;
  registry.awaiting.delete(orderId);
  release();
}

/** Whether a retry with the same idempotency key asks for the same order (the same competitions and quantities). */
async function sameRequest(db: Db, order: Order, args: Pick<PlaceOrderArgs, "lines">): Promise<boolean> {
  const lines = await db.statements.entriesByOrder.all({ orderId: order.id });
  const asked = new Map<string, { quantity: number; numbers: string[] }>();
  for (const l of args.lines) {
    const prev = asked.get(l.competitionId) ?? { quantity: 0, numbers: [] };
    asked.set(l.competitionId, { quantity: prev.quantity + l.quantity, numbers: [...prev.numbers, ...(l.numbers ?? [])] });
  }
  if (lines.length !== asked.size) return false;
  for (const l of lines) {
    const request = asked.get(l.competitionId);
    if (request?.quantity !== l.ticketCount) return false;
    // Chosen numbers must be the order's own (an order whose numbers went back has none to compare).
    const held = new Set((await db.statements.ticketsOfEntry.all({ entryId: l.id })).map((t) => t.number));
    if (held.size !== 0 && !request.numbers.every((n) => held.has(n))) return false;
  }
  return true;
}

export async function replay(deps: Pick<OrderDeps, "db" | "payments">, order: Order, request?: Pick<PlaceOrderArgs, "lines">): Promise<OrderView> {
  const { db } = deps;
  if (request && !(await sameRequest(db, order, request))) {
    throw new AppError("IDEMPOTENCY_KEY_REUSED", "This idempotency key was already used for a different order. Use a new key for a new order.", {
      orderId: order.id,
    });
  }
  const running = inFlight(db).running.get(order.id);
  if (running) return running;
  const current = (await db.statements.orderById.get({ id: order.id })) ?? order;
  if (current.status === "failed") throw paymentFailed(current.id, current.failureReason);
  return loadOrderView(db, current.id, await nextActionOf(deps, current));
}

/** What the buyer of an order waiting on authentication must still do, as the provider says now. */
export async function nextActionOf(deps: Pick<OrderDeps, "payments">, order: Order) {
  if (order.status !== "requires_action" || !order.paymentId) return null;
  const record = await deps.payments.retrieve(order.paymentId).catch(() => null);
  return record?.status === "requires_action" ? record.nextAction : null;
}
