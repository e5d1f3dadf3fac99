import { expect, signInAs, test } from "./fixtures";
import { CARDS, enterCompetition, fillCard, ownCompetition, payDirect } from "./shop";

test.describe("entering a competition", () => {
  test("a customer answers, pays with the approve card and finds the ticket numbers in their account", async ({ page }) => {
    await signInAs(page, "user", "Tess");
    const c = await ownCompetition({ title: "E2E Farm Quad", image: "/images/quad-bike.svg", price: "1.99" });
    await enterCompetition(page, c, ` ${c.answer.toUpperCase()} `, 3);
    await expect(page.getByRole("button", { name: `Pay £${(Number(c.price) * 3).toFixed(2)}` })).toBeVisible();
    await payDirect(page, CARDS.approve);
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    const chips = page.getByTestId("ticket-number");
    await expect(chips).toHaveCount(3);
    const numbers = await chips.allTextContents();
    await page
      .getByRole("button", { name: "View My Entries" })
      .or(page.getByRole("link", { name: "View My Entries" }))
      .click();
    await expect(page).toHaveURL(/\/account/);
    await expect(page.getByText(c.title).first()).toBeVisible();
    for (const n of numbers)
      await expect(
        page
          .getByTestId("ticket-number")
          .filter({ hasText: new RegExp(`^\\s*#?${n.replace(/\D/g, "")}\\s*$`) })
          .first(),
      ).toBeVisible();
    await expect(page.getByText("Paid").first()).toBeVisible();
  });

  test("a wrong answer shows the toast and stays on the page", async ({ page }) => {
    await signInAs(page, "user", "Wynn");
    const c = await ownCompetition({
      title: "E2E Pivot",
      image: "/images/irrigation.svg",
      question: "What does a centre pivot spread on a field?",
      answer: "water",
    });
    await enterCompetition(page, c, "nitrogen", 2);
    await expect(page.getByText("Incorrect Answer")).toBeVisible();
    await expect(page.getByText("Please check your answer to the qualifying question and try again.")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/competition/${c.id}$`));
  });

  test("a declined card shows 'Payment Failed' and keeps the form filled", async ({ page }) => {
    await signInAs(page, "user", "Dee");
    const c = await ownCompetition({ title: "E2E Soil Course", question: "What do earthworms improve?", answer: "soil" });
    await enterCompetition(page, c, c.answer, 1);
    await payDirect(page, CARDS.decline);
    await expect(page.getByText("Payment Failed")).toBeVisible();
    // The number stays as typed, spaced in fours as the field shows it.
    await expect(page.getByLabel("Card Number")).toHaveValue(CARDS.decline.replace(/(\d{4})(?=\d)/g, "$1 "));
    await expect(page.getByRole("button", { name: /^Pay £/ })).toBeEnabled();
  });
});

test("a two-competition cart checkout places one order", async ({ page }) => {
  await signInAs(page, "user", "Cara");
  const a = await ownCompetition({
    title: "E2E Tax-Free Cash",
    image: "/images/cash.svg",
    price: "2.00",
    question: "How many pence make a pound?",
    answer: "100",
  });
  const b = await ownCompetition({
    title: "E2E Livestock Trailer",
    image: "/images/livestock-trailer.svg",
    price: "2.49",
    question: "What is a young sheep called?",
    answer: "lamb",
  });
  for (const c of [a, b]) {
    await page.goto(`/competition/${c.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
  }
  await page.goto("/checkout");
  await expect(page.getByText(a.title).first()).toBeVisible();
  await expect(page.getByText(b.title).first()).toBeVisible();
  await page.getByLabel(a.question).fill(a.answer);
  await page.getByLabel(b.question).fill(b.answer);
  await page.getByLabel("Email Address").fill("cara@example.test");
  await page.getByLabel("First Name").fill("Cara");
  await page.getByLabel("Last Name").fill("Lynch");
  await page.getByLabel("Address", { exact: true }).fill("Lynch's Farm");
  await page.getByLabel("City").fill("Clonmel");
  await page.getByLabel("Postcode").fill("E91 1234");
  await fillCard(page, CARDS.approve);
  const total = (Number(a.price) + Number(b.price)).toFixed(2);
  await page.getByRole("button", { name: `Complete Order - £${total}` }).click();
  await expect(page.getByText("Order Placed Successfully!").first()).toBeVisible();
  await expect(page.getByTestId("ticket-number")).toHaveCount(2);
  await page.goto("/account");
  await expect(page.getByText(a.title).first()).toBeVisible();
  await expect(page.getByText(b.title).first()).toBeVisible();
});
