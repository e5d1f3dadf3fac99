import { rmSync } from "node:fs";
import { CLEAN_LEDGER, ledgerProblems } from "../helpers/assertions";
import { signInAs, withShopDb } from "./fixtures";
import { expect, startShop, test, type ShopProcess } from "./processes";
import { atTheBank, CARDS, confirmationMails, enterCompetition, orderNumber, ordersOf, ownCompetition, payDirect, screenshot, ticketLedger } from "./shop";

/*
 * The shop is killed (kill -9) while a buyer is at their bank's 3-D Secure page, and started again
 * on the same database and address. The bank's answer then reaches the new process, which must
 * settle the order once: one paid order, one set of numbers, one confirmation email.
 */
test("a 3-D Secure payment completed after the shop crashed and restarted is paid exactly once", async ({ page, shopPort }) => {
  test.setTimeout(90_000);
  const shops: ShopProcess[] = [];
  try {
    const first = await startShop({ port: shopPort });
    shops.push(first);
    const db = first.dbPath;
    const buyer = await signInAs(page, "user", "Crispin", undefined, db);
    const c = await ownCompetition({ title: "E2E Crash Seed Drill", price: "3.00" }, {}, db);
    await enterCompetition(page, c, c.answer, 2, "Crispin Tester");
    await payDirect(page, CARDS.threeDS);
    await atTheBank(page, "6.00");
    const [waiting] = await ordersOf(buyer.email, db);
    expect(waiting).toMatchObject({ status: "requires_action" });

    await first.crash();
    expect((await first.exited).signal).toBe("SIGKILL");
    // Nothing answers at the shop's address now.
    await expect(fetch(`${first.url}/api/health`)).rejects.toThrow();
    const second = await startShop({ port: shopPort, dataDir: first.dataDir });
    shops.push(second);
    // The start-up sweep left the order waiting on its buyer, its numbers still held.
    expect(await ordersOf(buyer.email, db)).toEqual([expect.objectContaining({ id: waiting!.id, status: "requires_action" })]);
    expect(await ticketLedger(c.id, db)).toEqual({ sold: 0, held: 2, tickets: 2 });

    // The bank page is still open in the browser, from before the crash.
    await page.getByRole("button", { name: "Complete authentication" }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/complete\\?order=${waiting!.id}$`));
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByTestId("ticket-number")).toHaveCount(2);
    await screenshot(page, "payments-crash-restart-paid");

    // Answering the bank's page again (a second tab, the back button) changes nothing.
    const challenge = await withShopDb((d) => d.$client.prepare("select id from simulated_payments where order_id = ?").get(waiting!.id) as { id: string }, db);
    await page.goto(`/payments/simulated/authenticate/${challenge.id}`);
    await expect(page.getByText("This payment has already been authenticated.")).toBeVisible();
    const again = await page.request.post(`/api/payments/simulated/authenticate/${challenge.id}`, { data: { outcome: "approve" } });
    expect(again.ok()).toBe(true);

    await page.goto("/account?tab=orders");
    await expect(page.getByRole("listitem", { name: /^Order #/ })).toHaveCount(1);
    const receipt = page.getByRole("listitem", { name: `Order ${orderNumber(waiting!.id)}` });
    await expect(receipt.getByText("Paid", { exact: true })).toBeVisible();
    await expect(receipt.getByTestId("ticket-number")).toHaveCount(2);

    await expect.poll(() => confirmationMails(buyer.email, db)).toBe(1);
    expect(await ordersOf(buyer.email, db)).toEqual([expect.objectContaining({ id: waiting!.id, status: "paid", cardLast4: "3184" })]);
    expect(await ticketLedger(c.id, db)).toEqual({ sold: 2, held: 0, tickets: 2 });
    const stored = await withShopDb(
      (d) => ({
        entries: d.$client.prepare("select payment_status status, ticket_count n from entries where competition_id = ?").all(c.id),
        payments: d.$client.prepare("select status from simulated_payments where order_id = ?").all(waiting!.id),
        problems: ledgerProblems(d),
      }),
      db,
    );
    expect(stored.entries).toEqual([{ status: "paid", n: 2 }]);
    expect(stored.payments).toEqual([{ status: "succeeded" }]);
    expect(await stored.problems).toEqual(CLEAN_LEDGER);
  } finally {
    for (const shop of shops) await shop.crash();
    if (shops[0]) rmSync(shops[0].dataDir, { recursive: true, force: true });
  }
});
