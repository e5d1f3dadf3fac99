import type { Db } from "../../../../db/client";
import type { Order } from "../../../../db/schema";
import type { OrderView } from "../../../shared/schemas/order";
import type { ChargeResult } from "../../payments/provider";
import { loadOrderView } from "./result";
import { paymentFailed } from "./settle";
import type { OrderDeps } from "./types";

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
  unsettled: Map<string, Extract<ChargeResult, { status: "succeeded" }>>;
}

const inFlightByDb = new WeakMap<Db, InFlight>();

export function inFlight(db: Db): InFlight {
  let found = inFlightByDb.get(db);
  if (!found) inFlightByDb.set(db, (found = { running: new Map(), unsettled: new Map() }));
  return found;
}

/**
 * A repeated submit answers what the first one answers: it waits on the first attempt when that is
 * still running in this process, and otherwise reads the order as stored. An order still pending
 * (its payment answer not yet recorded, e.g. after a restart) is answered as pending, never as a
 * success: its numbers are not the buyer's until it is paid.
 */
export async function replay(deps: Pick<OrderDeps, "db" | "payments">, order: Order): Promise<OrderView> {
  const { db } = deps;
  const running = inFlight(db).running.get(order.id);
  if (running) return running;
  const current = db.statements.orderById.get({ id: order.id }) ?? order;
  if (current.status === "failed") throw paymentFailed(current.id, current.failureReason);
  return loadOrderView(db, current.id, await nextActionOf(deps, current));
}

/** What the buyer of an order waiting on authentication must still do, as the provider says now. */
export async function nextActionOf(deps: Pick<OrderDeps, "payments">, order: Order) {
  if (order.status !== "requires_action" || !order.paymentId) return null;
  const record = await deps.payments.retrieve(order.paymentId).catch(() => null);
  return record?.status === "requires_action" ? record.nextAction : null;
}
