import Database from "better-sqlite3";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CARD, startCashflowsStandIn } from "../helpers/cashflows-stand-in";
import { seedBuyers, startServerProcess } from "../helpers/server-process";

/**
 * The production server started with PAYMENT_PROVIDER=cashflows against the Gateway API's stand-in:
 * the settings as an operator gives them, an order paid on Cashflows' hosted page, and Cashflows'
 * notification reaching the shop's address over HTTP.
 */
const standIn = await startCashflowsStandIn();
afterAll(() => standIn.close());

describe("PAYMENT_PROVIDER=cashflows", () => {
  it("takes an order to Cashflows' hosted page, back to the shop, and pays it from the notification", async () => {
    const PUBLIC_ORIGIN = "https://shop.example.test";
    const shop = await startServerProcess({ env: standIn.shopEnv(PUBLIC_ORIGIN) });
    try {
      // Cashflows posts to the address it was given; here that name is the process's loopback address.
      standIn.notificationTarget = shop.url;
      const config = await (await fetch(`${shop.url}/api/payments/config`)).json();
      expect(config).toMatchObject({ provider: "cashflows", environment: "integration" });

      const { competitionId, tokens } = seedBuyers(shop.dataDir, 1, { maxTickets: 100, pricePence: 250 });
      const placed = await fetch(`${shop.url}/api/entries`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-session-token": tokens[0]! },
        body: JSON.stringify({
          competitionId,
          customerName: "Proc Buyer",
          customerEmail: "proc@example.test",
          quantity: 2,
          answer: "green",
          paymentToken: "cashflows",
        }),
      });
      const order = (await placed.json()) as { orderId: string; status: string; nextAction: { type: string; url: string } };
      expect(order).toMatchObject({ status: "requires_action", nextAction: { type: "redirect" } });

      const back = await fetch(order.nextAction.url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ cardnumber: CARD.visaDebit, cardexpiry: "12/39", cardcvc: "123" }).toString(),
        redirect: "manual",
      });
      expect(back.headers.get("location")).toMatch(new RegExp(`^${PUBLIC_ORIGIN}/.*order=${order.orderId}.*&status=success&paymentjobref=`));
      await standIn.idle();
      const sent = standIn.lastNotification()!;
      expect(sent.url).toMatch(new RegExp(`^${PUBLIC_ORIGIN}/api/payments/cashflows/notify\\?order=${order.orderId}&signature=[0-9a-f]{64}$`));
      expect(sent.deliveries).toEqual([{ status: 200, body: sent.body }]);

      const db = new Database(join(shop.dataDir, "shop.db"), { readonly: true });
      expect(db.prepare("select status, payment_provider, card_last4, card_funding from orders where id = ?").get(order.orderId)).toEqual({
        status: "paid",
        payment_provider: "cashflows",
        card_last4: "0002",
        card_funding: "debit",
      });
      db.close();
    } finally {
      standIn.notificationTarget = null;
      shop.proc.kill("SIGTERM");
      await shop.exited;
    }
  }, 60_000);
});
