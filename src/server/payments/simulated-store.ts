import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { simulatedPayments } from "../../../db/schema";

/** A simulated payment that waits on (or went through) the bank's challenge. */
export interface SimulatedPayment {
  id: string;
  idempotencyKey: string;
  orderId: string;
  amountPence: number;
  token: string;
  returnUrl: string;
  status: "requires_action" | "succeeded" | "failed" | "canceled";
}

/** The simulated processor's own records: kept apart from the shop's tables in spirit, if not in file. */
export interface SimulatedStore {
  get(id: string): SimulatedPayment | undefined;
  byKey(idempotencyKey: string): SimulatedPayment | undefined;
  put(payment: SimulatedPayment, at: Date): void;
  setStatus(id: string, status: SimulatedPayment["status"], at: Date): void;
}

export function memorySimulatedStore(): SimulatedStore {
  const byId = new Map<string, SimulatedPayment>();
  const idByKey = new Map<string, string>();
  return {
    get: (id) => byId.get(id),
    byKey: (key) => byId.get(idByKey.get(key) ?? ""),
    put: (p) => {
      byId.set(p.id, p);
      idByKey.set(p.idempotencyKey, p.id);
    },
    setStatus: (id, status) => {
      const p = byId.get(id);
      if (p) byId.set(id, { ...p, status });
    },
  };
}

/** In the shop's database file, so a challenge in progress survives a restart (or a crash) of the shop. */
export function sqliteSimulatedStore(db: Db): SimulatedStore {
  const pick = ({ id, idempotencyKey, orderId, amountPence, token, returnUrl, status }: typeof simulatedPayments.$inferSelect): SimulatedPayment => ({
    id,
    idempotencyKey,
    orderId,
    amountPence,
    token,
    returnUrl,
    status,
  });
  return {
    get: (id) => {
      const row = db.select().from(simulatedPayments).where(eq(simulatedPayments.id, id)).get();
      return row ? pick(row) : undefined;
    },
    byKey: (key) => {
      const row = db.select().from(simulatedPayments).where(eq(simulatedPayments.idempotencyKey, key)).get();
      return row ? pick(row) : undefined;
    },
    put: (p, at) => {
      db.insert(simulatedPayments)
        .values({ ...p, createdAt: at, updatedAt: at })
        .onConflictDoNothing()
        .run();
    },
    setStatus: (id, status, at) => {
      db.update(simulatedPayments).set({ status, updatedAt: at }).where(eq(simulatedPayments.id, id)).run();
    },
  };
}
