import { and, eq } from "drizzle-orm";
import { changed, first, type Db } from "../../../db/client";
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
  get(id: string): Promise<SimulatedPayment | undefined>;
  byKey(idempotencyKey: string): Promise<SimulatedPayment | undefined>;
  /** Kept once per idempotency key: a second payment with the key of one already kept is not. */
  put(payment: SimulatedPayment, at: Date): Promise<void>;
  /**
   * Answers a payment still waiting on its challenge (approved, failed or cancelled), in one step so
   * that two answers cannot both take: false when it was not waiting (answered already, or unknown).
   */
  answer(id: string, status: Exclude<SimulatedPayment["status"], "requires_action">, at: Date): Promise<boolean>;
}

export function memorySimulatedStore(): SimulatedStore {
  const byId = new Map<string, SimulatedPayment>();
  const idByKey = new Map<string, string>();
  return {
    get: async (id) => byId.get(id),
    byKey: async (key) => byId.get(idByKey.get(key) ?? ""),
    put: async (p) => {
      if (idByKey.has(p.idempotencyKey)) return;
      byId.set(p.id, p);
      idByKey.set(p.idempotencyKey, p.id);
    },
    answer: async (id, status) => {
      const p = byId.get(id);
      if (p?.status !== "requires_action") return false;
      byId.set(id, { ...p, status });
      return true;
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
    get: async (id) => {
      const row = await first(db.select().from(simulatedPayments).where(eq(simulatedPayments.id, id)));
      return row ? pick(row) : undefined;
    },
    byKey: async (key) => {
      const row = await first(db.select().from(simulatedPayments).where(eq(simulatedPayments.idempotencyKey, key)));
      return row ? pick(row) : undefined;
    },
    put: async (p, at) => {
      await db
        .insert(simulatedPayments)
        .values({ ...p, createdAt: at, updatedAt: at })
        .onConflictDoNothing();
    },
    answer: async (id, status, at) =>
      changed(
        await db
          .update(simulatedPayments)
          .set({ status, updatedAt: at })
          .where(and(eq(simulatedPayments.id, id), eq(simulatedPayments.status, "requires_action"))),
      ) > 0,
  };
}
