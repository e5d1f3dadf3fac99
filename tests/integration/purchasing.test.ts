import { describe, expect, it } from "vitest";
import { noopMailer } from "../../src/server/mail/mailer";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { createApp } from "../../src/server/app";
import { createContextInner } from "../../src/server/trpc/context";
import { orderDeps } from "../../src/server/trpc/order-deps";
import { createPurchaseGuard } from "../../src/server/services/purchase";
import { countersFor } from "../../src/server/limits";
import { createTestDb } from "../helpers/db";

// The purchase path has one owner (services/purchase/purchasing.ts, decision 015): built once when the shop
// starts, it is what checkout, the provider's reports and the sweep settle orders with.
const db = createTestDb();

describe("the purchase path's one owner", () => {
  it("carries the operator's hold times, the shop's guard and provider, and the origin of mail sent without a request", () => {
    const payments = new SimulatedPaymentProvider(0);
    const purchaseGuard = createPurchaseGuard(countersFor(db));
    const app = createApp({
      db,
      config: { orderHoldMs: 7 * 60_000, authHoldMs: 90_000 },
      services: { payments, mailer: noopMailer, purchaseGuard },
      publicOrigin: "https://shop.example",
      mailOrigin: "https://shop.example",
    });
    // Compared by identity: the database and the provider are the very ones the shop was given.
    const { db: itsDb, payments: itsPayments, mailer, guard, ...rest } = app.purchasing;
    expect(itsDb).toBe(db);
    expect(itsPayments).toBe(payments);
    expect(mailer).toBe(noopMailer);
    expect(guard).toBe(purchaseGuard);
    expect(rest).toMatchObject({ holdMs: 7 * 60_000, authHoldMs: 90_000, origin: "https://shop.example" });
    // Nobody can change it for the others afterwards.
    expect(Object.isFrozen(app.purchasing)).toBe(true);
  });

  it("is what a request's checkout uses, with the request's own clock and origin", () => {
    const now = () => new Date("2026-11-27T20:00:00Z");
    const ctx = createContextInner({ db, config: { orderHoldMs: 4 * 60_000, authHoldMs: 60_000 }, origin: "https://www.shop.example", now });
    const { db: itsDb, payments, guard, mailer: _mailer, ...rest } = orderDeps(ctx);
    expect(itsDb).toBe(db);
    expect(payments).toBe(ctx.services.payments);
    expect(guard).toBe(ctx.services.purchaseGuard);
    expect(rest).toMatchObject({ holdMs: 4 * 60_000, authHoldMs: 60_000, origin: "https://www.shop.example", now });
    // The owner itself keeps no request's clock or origin.
    expect(ctx.services.purchasing.now).toBeUndefined();
  });
});
