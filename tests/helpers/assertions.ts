import { TRPCError } from "@trpc/server";
import type { Db } from "../../db/client";
import { sqlCount, sqlRows } from "./db";
import { AppError } from "../../src/server/errors";

/** Runs a call that must be refused and returns the error, so the test can assert which one. */
export async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; details?: Record<string, unknown> }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TRPCError) {
      const details = err.cause instanceof AppError ? err.cause.details : undefined;
      return { code: err.code, message: err.message, details };
    }
    if (err instanceof AppError) return { code: err.code, message: err.message, details: err.details };
    throw err;
  }
  throw new Error("expected the call to be refused, but it succeeded");
}

/** What ledgerProblems reports for a ledger that adds up: every list empty. */
export const CLEAN_LEDGER = {
  soldMismatch: [],
  heldMismatch: [],
  oversold: [],
  outOfRange: [],
  duplicates: [],
  paidWithoutTickets: [],
  ticketsWithoutPaidOrder: [],
  failedWithTickets: [],
  voidedWithTickets: [],
};

/** The invariants of the ticket ledger; every list must come back empty (on either engine). */
export async function ledgerProblems(db: Db) {
  const q = (text: string) => sqlRows(db, text);
  const [soldMismatch, heldMismatch, oversold, outOfRange, duplicates, paidWithoutTickets, ticketsWithoutPaidOrder, failedWithTickets, voidedWithTickets] =
    await Promise.all([
      q(
        `select * from (select c.id, c.sold_tickets, (select count(*) from tickets t join entries e on e.id = t.entry_id where t.competition_id = c.id and (e.payment_status = 'paid' or e.entry_method = 'postal')) as paid_tickets from competitions c) x where x.sold_tickets != x.paid_tickets`,
      ),
      q(
        `select * from (select c.id, c.held_tickets, (select count(*) from tickets t join entries e on e.id = t.entry_id where t.competition_id = c.id and e.payment_status = 'pending') as pending_tickets from competitions c) x where x.held_tickets != x.pending_tickets`,
      ),
      q(`select id from competitions where max_tickets is not null and sold_tickets + held_tickets > max_tickets`),
      q(
        `select t.number from tickets t join competitions c on c.id = t.competition_id where c.max_tickets is not null and (cast(t.number as integer) < 1 or cast(t.number as integer) > c.max_tickets)`,
      ),
      q(`select competition_id, number, count(*) n from tickets group by competition_id, number having count(*) > 1`),
      q(`select e.id from entries e where e.payment_status = 'paid' and e.ticket_count != (select count(*) from tickets t where t.entry_id = e.id)`),
      // A partly refunded order keeps its tickets; so does one refunded or disputed after its pool was frozen.
      q(
        `select t.id from tickets t join entries e on e.id = t.entry_id left join orders o on o.id = e.order_id where e.entry_method = 'online' and (e.payment_status != 'paid' or not (o.status in ('paid', 'partially_refunded') or (o.status in ('refunded', 'disputed') and exists (select 1 from draws d where d.competition_id = t.competition_id))))`,
      ),
      q(`select e.id from entries e where e.payment_status = 'failed' and exists (select 1 from tickets t where t.entry_id = e.id)`),
      q(`select e.id from entries e where e.payment_status in ('refunded', 'disputed') and exists (select 1 from tickets t where t.entry_id = e.id)`),
    ]);
  return { soldMismatch, heldMismatch, oversold, outOfRange, duplicates, paidWithoutTickets, ticketsWithoutPaidOrder, failedWithTickets, voidedWithTickets };
}

/** How many rows of `table` match `where` (plain SQL valid on both engines). */
export function count(db: Db, table: string, where = "1=1"): Promise<number> {
  return sqlCount(db, `select count(*) n from ${table} where ${where}`);
}

/**
 * Waits until `check` holds (polled every few milliseconds), for state another part of the system
 * reaches asynchronously, e.g. an order a request has written. Fails after `timeoutMs`.
 */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not reached within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
