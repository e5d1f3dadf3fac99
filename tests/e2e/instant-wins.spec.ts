import { unitsOf } from "../../src/server/services/instant-wins";
import { expect, signInAs, test, withShopDb } from "./fixtures";
import { CARDS, ownCompetition, payDirect, screenshot } from "./shop";

test("a buyer chooses a winning number, wins site credit the moment it is paid, finds it in the account, and verifies the proof", async ({ page }) => {
  await signInAs(page, "user", "Ivy");
  const c = await ownCompetition(
    { title: "E2E Instant Quad", image: "/images/quad-bike.svg", price: "1.99" },
    { pickNumbers: true, allocation: "random", maxTickets: 100, instantPrizes: [{ name: "£5 site credit", kind: "credit", value: "5.00", count: 3 }] },
  );
  // The test reads the secret winning numbers the way only the server could.
  const winning = await withShopDb((db) => unitsOf(db, c.id).map((u) => u.ticketNumber));
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
});
