import { eq } from "drizzle-orm";
import { first } from "../../db/client";
import { users } from "../../db/schema";
import { addGoodwillCredit } from "../../src/server/services/wallet";
import { expect, seededAdmin, signInAs, test, withShopDb } from "./fixtures";
import { CARDS, enterCompetition, orderNumber, ordersOf, ownCompetition, payDirect, screenshot } from "./shop";

test("a part-credit order refunded in full by an admin: the card gets its part back, the rest returns to site credit", async ({ page, browser }) => {
  const buyer = await signInAs(page, "user", "Wren");
  await withShopDb(async (db) => {
    const user = (await first(db.select().from(users).where(eq(users.email, buyer.email))))!;
    await addGoodwillCredit(db, await seededAdmin(db), user.id, "4.00", "Sorry your hamper was late");
  });
  const c = await ownCompetition({ title: "E2E Credit Refund Trailer", image: "/images/livestock-trailer.svg", price: "2.00" });
  await enterCompetition(page, c, c.answer, 3, "Wren Tester");
  await expect(page.getByTestId("credit-applied")).toHaveText("−£4.00");
  await expect(page.getByTestId("card-to-pay")).toHaveText("£2.00");
  await payDirect(page, CARDS.approve);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  const [order] = await ordersOf(buyer.email);
  expect(order).toMatchObject({ status: "paid", totalPence: 600 });

  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await signInAs(admin, "admin");
    await admin.goto(`/admin/orders/${order!.id}`);
    await expect(admin.getByRole("heading", { name: `Order ${orderNumber(order!.id)}` })).toBeVisible();
    await expect(admin.getByText("Site credit", { exact: true }).first()).toBeVisible();
    await admin.getByRole("button", { name: "Refund", exact: true }).click();
    const dialog = admin.getByRole("dialog", { name: "Refund order" });
    await expect(dialog.getByLabel("Amount (£)")).toHaveValue("6.00");
    await expect(dialog).toContainText("The card gets its part back first (up to £2.00)");
    await dialog.getByLabel("Reason").fill("The customer asked to withdraw before the draw.");
    await screenshot(admin, "site-credit-admin-refund-dialog");
    await dialog.getByRole("button", { name: "Refund £6.00" }).click();
    await expect(admin.getByText("Refund made")).toBeVisible();
    await expect(admin.getByText("£2.00 refunded to card")).toBeVisible();
    await expect(admin.getByText("£4.00 returned to site credit")).toBeVisible();
    await screenshot(admin, "site-credit-admin-order-refunded");
  } finally {
    await adminContext.close();
  }

  await page.goto("/account?tab=orders");
  const receipt = page.getByRole("listitem", { name: `Order ${orderNumber(order!.id)}` });
  await expect(receipt.getByText("Refunded", { exact: true })).toBeVisible();
  await expect(receipt.getByText("£4.00 returned to site credit")).toBeVisible();
  await page.goto("/account?tab=credit");
  await expect(page.getByTestId("wallet-balance")).toHaveText("£4.00");
  expect(await ordersOf(buyer.email)).toEqual([expect.objectContaining({ status: "refunded", refundedPence: 600 })]);
});
