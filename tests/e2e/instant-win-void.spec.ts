import { unitsOf } from "../../src/server/services/competitions/instant-wins";
import { createSessionFor, expect, signInAs, test, withShopDb } from "./fixtures";
import { CARDS, ownCompetition, payDirect, screenshot } from "./shop";

test("an admin refunds the order that won instant credit: the credit is taken back, the prize leaves My Wins and the page lists it as void", async ({
  page,
}) => {
  await signInAs(page, "user", "Rhys");
  const c = await ownCompetition(
    { title: "E2E Void Quad", image: "/images/quad-bike.svg", price: "1.99" },
    { pickNumbers: true, allocation: "random", maxTickets: 100, instantPrizes: [{ name: "£5 site credit", kind: "credit", value: "5.00", count: 2 }] },
  );
  const winning = await withShopDb(async (db) => (await unitsOf(db, c.id)).map((u) => u.ticketNumber));

  await page.goto(`/competition/${c.id}`);
  await page.getByLabel(c.question).fill(c.answer);
  await page.getByTestId("number-grid").locator(`[data-number="${winning[0]}"]`).click();
  await page.getByRole("button", { name: "Enter Now" }).click();
  await payDirect(page, CARDS.approve);
  await expect(page.getByTestId("instant-win-banner")).toContainText(`£5 site credit on ticket #${winning[0]}`);
  const orderId = await withShopDb(
    (db) =>
      db.$client
        .prepare("select e.order_id from entries e join tickets t on t.entry_id = e.id where t.competition_id = ? and t.number = ?")
        .pluck()
        .get(c.id, winning[0]) as string,
  );

  const admin = await createSessionFor("admin");
  const refunded = await page.request.post(`/api/admin/orders/${orderId}/refund`, {
    data: { reason: "Asked for the money back" },
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(refunded.status()).toBe(200);
  expect((await refunded.json()).status).toBe("refunded");

  await page.goto("/account?tab=credit");
  await expect(page.getByTestId("wallet-balance")).toHaveText("£0.00");
  await expect(page.getByText("Prize taken back")).toBeVisible();
  await screenshot(page, "wallet-prize-taken-back");

  await page.goto("/account?tab=wins");
  await expect(page.getByText("No wins yet")).toBeVisible();

  await page.goto(`/competition/${c.id}`);
  const panel = page.getByTestId("instant-wins");
  await expect(panel).toContainText("0 won · 1 void · 1 left");
  await expect(panel.getByRole("list", { name: "Void instant prizes" })).toContainText(`#${winning[0]}`);
  await expect(panel.getByTestId("instant-void-rule")).toContainText("Nobody wins it instead");
  await panel.getByRole("button", { name: "Verify" }).click();
  await expect(panel.getByTestId("instant-verify-result")).toContainText("Verified");
  await screenshot(page, "instant-wins-void");
});
