import { expect, signInAs, test } from "./fixtures";
import { CARDS, fillCard, seededCompetition } from "./shop";

test("on a 390px phone, a customer enters, pays and sees the tickets", async ({ page }) => {
  await signInAs(page, "user", "Dylan");
  const c = await seededCompetition(page, "Drip Irrigation Starter Kit for Growers");
  await page.goto(`/competition/${c.id}`);
  await page.getByLabel("Full Name").fill("Dylan Rees");
  await page.getByLabel(c.question).fill(c.answer);
  await page.getByRole("button", { name: "Enter Now" }).click();
  await expect(page).toHaveURL(/\/checkout\/direct$/);
  await fillCard(page, CARDS.approve);
  await page.getByLabel("Billing Address").fill("Fferm Isaf");
  await page.getByLabel("City").fill("Bala");
  await page.getByLabel("Postcode").fill("LL23 7AA");
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByTestId("ticket-number")).toHaveCount(1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
