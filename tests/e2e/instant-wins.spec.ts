import { unitsOf } from "../../src/server/services/competitions/instant-wins";
import { createSessionFor, expect, signInAs, test, withShopDb } from "./fixtures";
import { CARDS, ownCompetition, payDirect, screenshot } from "./shop";

test("a buyer wins site credit the moment a winning number is paid for, spends it on another competition, sees it among their wins, and verifies the proof after sales close", async ({
  page,
}) => {
  // A long journey: a win, spending it, the account, then closing sales.
  test.setTimeout(90_000);
  await signInAs(page, "user", "Ivy");
  const c = await ownCompetition(
    { title: "E2E Instant Quad", image: "/images/quad-bike.svg", price: "1.99" },
    { pickNumbers: true, allocation: "random", maxTickets: 100, instantPrizes: [{ name: "£5 site credit", kind: "credit", value: "5.00", count: 3 }] },
  );
  // The test reads the secret winning numbers the way only the server could.
  const winning = await withShopDb(async (db) => (await unitsOf(db, c.id)).map((u) => u.ticketNumber));
  expect(winning).toHaveLength(3);

  await page.goto(`/competition/${c.id}`);
  const panel = page.getByTestId("instant-wins");
  await expect(panel.getByRole("heading", { name: "Instant Wins" })).toBeVisible();
  await expect(panel).toContainText("0 won · 3 left");
  await page.getByLabel(c.question).fill(c.answer);
  await page.getByTestId("number-grid").locator(`[data-number="${winning[0]}"]`).click();
  await page.getByRole("button", { name: "Enter Now" }).click();
  await payDirect(page, CARDS.approve);

  const banner = page.getByTestId("instant-win-banner");
  await expect(banner.getByRole("heading", { name: "You've won instantly!" })).toBeVisible();
  await expect(banner).toContainText(`£5 site credit on ticket #${winning[0]}`);
  await screenshot(page, "instant-win-banner");
  // The winner stays on the moment instead of being moved on to the account.
  await page.waitForTimeout(3500);
  await expect(banner).toBeVisible();

  await page.goto("/account?tab=credit");
  await expect(page.getByTestId("wallet-balance")).toHaveText("£5.00");

  await page.goto(`/competition/${c.id}`);
  await expect(panel).toContainText("1 won · 2 left");
  await panel.getByRole("button", { name: "Verify" }).click();
  await expect(panel.getByTestId("instant-verify-result")).toContainText("Verified");
  await screenshot(page, "instant-wins-panel");

  // The £5 pays for two £2.00 tickets elsewhere, with no card or billing address asked for.
  const other = await ownCompetition({ title: "E2E Credit Spade", image: "/images/tractor.svg", price: "2.00" });
  await page.goto(`/competition/${other.id}`);
  await page.getByLabel(other.question).fill(other.answer);
  await page.getByLabel("Number of Entries").fill("2");
  await page.getByRole("button", { name: "Enter Now" }).click();
  await expect(page).toHaveURL(/\/checkout\/direct$/);
  const credit = page.getByTestId("site-credit-option");
  await expect(credit.getByRole("checkbox", { name: /Use my site credit \(£5\.00 available\)/ })).toBeChecked();
  await expect(credit.getByTestId("credit-applied")).toHaveText("−£4.00");
  await expect(credit).toContainText("no card is needed");
  // Credit pays the whole order, so neither a card nor a billing address is asked for.
  await expect(page.getByLabel("Card Number")).toHaveCount(0);
  await expect(page.getByLabel("Billing Address")).toHaveCount(0);
  await screenshot(page, "checkout-site-credit");
  await page.getByRole("button", { name: "Pay £4.00 with site credit" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByText("Site credit used")).toBeVisible();

  await page.goto("/account?tab=credit");
  await expect(page.getByTestId("wallet-balance")).toHaveText("£1.00");
  await expect(page.getByText("Spent on entries")).toBeVisible();

  // The instant prize is a win: the Wins tile counts it, and My Wins shows the competition, the prize and the day.
  await page.goto("/account?tab=wins");
  const won = page.getByRole("list", { name: "Your wins" }).getByRole("listitem", { name: c.title });
  await expect(won).toContainText("£5 site credit");
  await expect(won).toContainText(`Instant win · ticket #${winning[0]}`);
  await expect(won).toContainText("Won on");
  await expect(page.getByText("No wins yet")).toHaveCount(0);
  await expect(page.getByText("Wins", { exact: true }).locator("xpath=..")).toContainText("1");
  await screenshot(page, "account-wins-instant");

  // Sales close (the back office closes it over REST): every winning number and salt is revealed, and the proof still verifies.
  const admin = await createSessionFor("admin");
  const closed = await page.request.put(`/api/admin/competitions/${c.id}`, {
    data: { status: "closed" },
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(closed.status()).toBe(200);
  await page.goto(`/competition/${c.id}`);
  await panel.getByRole("button", { name: "Verify" }).click();
  await expect(panel.getByTestId("instant-verify-result")).toContainText("Verified");
  const proof = await (await page.request.get(`/api/competitions/${c.id}/instant-wins`)).json();
  expect(proof.prizes.map((p: { ticketNumber: string | null }) => p.ticketNumber).sort()).toEqual([...winning].sort());
  await screenshot(page, "instant-wins-after-close");
});
