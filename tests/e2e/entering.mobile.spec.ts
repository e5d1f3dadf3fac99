import { expect, signInAs, test } from "./fixtures";
import { CARDS, enterCompetition, ownCompetition, payDirect } from "./shop";

test("on a 390px phone, a customer enters, pays and sees the tickets", async ({ page }) => {
  await signInAs(page, "user", "Dylan");
  const c = await ownCompetition({
    title: "E2E Phone Drip Kit",
    image: "/images/drip-irrigation.svg",
    question: "What does a drip line carry?",
    answer: "water",
  });
  await enterCompetition(page, c, c.answer, 1, "Dylan Rees");
  await payDirect(page, CARDS.approve);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByTestId("ticket-number")).toHaveCount(1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
