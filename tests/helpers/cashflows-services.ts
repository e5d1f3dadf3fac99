import { afterAll } from "vitest";
import type { Logger } from "../../src/server/logger";
import { noopMailer } from "../../src/server/mail/mailer";
import { CashflowsPaymentProvider } from "../../src/server/payments/cashflows";
import { handleCashflowsNotification } from "../../src/server/payments/cashflows-notify";
import { CASHFLOWS_STAND_IN_RESERVE_CONFIGURATION, startCashflowsStandIn, type Notification } from "./cashflows-stand-in";
import { allowGuestCheckout, createTestDb } from "./db";

/** The shop's public origin in these tests: Cashflows' notifications are addressed to it. */
export const CASHFLOWS_TEST_ORIGIN = "https://shop.example.test";

/**
 * The shop's payment services with Cashflows as the provider, against an in-process stand-in of its
 * Gateway API: a test database, a logger whose lines the test reads, the services on a configuration
 * that captures at once (`deps`) and on one that only reserves (`reserveDeps`), and `deliver`, which
 * hands a notification to the shop's handler as Cashflows sent it (or altered, as an attacker would).
 */
export async function startCashflowsServices() {
  const standIn = await startCashflowsStandIn();
  afterAll(() => standIn.close());
  const db = createTestDb();
  await allowGuestCheckout(db);
  const lines: Array<{ level: string; msg: string; fields?: Record<string, unknown> }> = [];
  const logger: Logger = {
    debug: () => {},
    info: () => {},
    warn: (msg, fields) => lines.push({ level: "warn", msg, fields }),
    error: (msg, fields) => lines.push({ level: "error", msg, fields }),
  };
  const deps = { db, payments: new CashflowsPaymentProvider(standIn.providerOptions(CASHFLOWS_TEST_ORIGIN)), mailer: noopMailer };
  const reserveDeps = {
    ...deps,
    payments: new CashflowsPaymentProvider(standIn.providerOptions(CASHFLOWS_TEST_ORIGIN, { configurationId: CASHFLOWS_STAND_IN_RESERVE_CONFIGURATION })),
  };
  const deliver = (n: Notification | undefined, d: typeof deps = deps, over: { orderId?: string; signature?: string; body?: string } = {}) => {
    if (!n?.url) throw new Error("Cashflows sent no notification");
    const url = new URL(n.url);
    return handleCashflowsNotification(
      { ...d, logger },
      {
        orderId: over.orderId ?? url.searchParams.get("order"),
        signature: over.signature ?? url.searchParams.get("signature"),
        raw: Buffer.from(over.body ?? n.body),
        address: "203.0.113.7",
      },
    );
  };
  return { standIn, db, lines, logger, deps, reserveDeps, payments: deps.payments, deliver };
}
