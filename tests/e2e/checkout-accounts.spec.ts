import { createSessionFor, expect, signInAs, test, withShopDb } from "./fixtures";
import { createAccountInCheckout, enterAsVisitor, newEmail, visitedPaths } from "./checkout-accounts";
import { CARDS, enterCompetition, fillCard, ordersOf, ownCompetition, payDirect, screenshot } from "./shop";

test.describe("signing in and paying without leaving the checkout", () => {
  test("a visitor with a cart creates an account in the checkout and pays there", async ({ page }) => {
    const paths = visitedPaths(page);
    const c = await ownCompetition({ title: "E2E Panel Seed Drill", price: "1.50", question: "What does a seed drill sow?", answer: "seed" });
    await page.goto(`/competition/${c.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.goto("/checkout");
    await expect(page.getByTestId("checkout-total")).toHaveText("£1.50");
    await expect(page.getByRole("button", { name: /^Complete Order/ })).toHaveCount(0);
    await screenshot(page, "checkout-accounts-visitor-cart");

    // A wrong password is explained in the panel, and the visitor stays put.
    const signIn = page.getByRole("form", { name: "Sign in to pay" });
    await signIn.getByLabel("Email Address").fill("nobody-here@example.test");
    await signIn.getByLabel("Password").fill("not-the-password");
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await expect(signIn.getByRole("alert")).toHaveText("Invalid email or password");

    const email = newEmail("nell");
    await createAccountInCheckout(page, email);
    await expect(page.getByRole("button", { name: "Complete Order - £1.50" })).toBeVisible();
    await expect(page.getByLabel("Email Address")).toHaveValue(email);
    await expect(page.getByLabel("First Name")).toHaveValue("Nell");
    await expect(page.getByTestId("checkout-total")).toHaveText("£1.50");
    await screenshot(page, "checkout-accounts-cart-signed-up");

    await page.getByLabel(c.question).fill(c.answer);
    await page.getByLabel("Address", { exact: true }).fill("Top Field");
    await page.getByLabel("City").fill("Ludlow");
    await page.getByLabel("Postcode").fill("SY8 1AA");
    await fillCard(page, CARDS.approve);
    await page.getByRole("button", { name: "Complete Order - £1.50" }).click();
    await expect(page.getByText("Order Placed Successfully!").first()).toBeVisible();
    await expect(page.getByTestId("ticket-number")).toHaveCount(1);

    expect(await ordersOf(email)).toEqual([expect.objectContaining({ status: "paid", totalPence: 150, cardLast4: "4242" })]);
    expect(paths.filter((p) => p.startsWith("/auth"))).toEqual([]);
    expect(paths).toContain("/checkout");
  });

  test("a visitor's direct entry survives creating an account in the checkout, and is paid there", async ({ page }) => {
    const paths = visitedPaths(page);
    const c = await ownCompetition({ title: "E2E Panel Muck Spreader", price: "2.00" });
    const email = newEmail("nell-direct");
    await enterAsVisitor(page, c, email, 2);
    await screenshot(page, "checkout-accounts-visitor-direct");
    await createAccountInCheckout(page, email);
    await expect(page.getByRole("button", { name: "Pay £4.00" })).toBeVisible();
    await payDirect(page, CARDS.approve);
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByTestId("ticket-number")).toHaveCount(2);

    expect(await ordersOf(email)).toEqual([expect.objectContaining({ status: "paid", totalPence: 400 })]);
    expect(paths.filter((p) => p.startsWith("/auth"))).toEqual([]);
  });

  test("an account with the email already taken is told so in the panel, and signs in from it instead", async ({ page }) => {
    const c = await ownCompetition({ title: "E2E Panel Taken Email", price: "1.00" });
    // The account exists (signed in on another device); this browser is a visitor.
    const taken = await createSessionFor("user", "Tara");
    await enterAsVisitor(page, c, taken.email);
    await page.getByRole("tab", { name: "Create Account" }).click();
    const form = page.getByRole("form", { name: "Create an account to pay" });
    await form.getByLabel("Email Address").fill(taken.email);
    await form.getByLabel("Password", { exact: true }).fill("harvest-pass-1");
    await form.getByLabel("Confirm Password").fill("harvest-pass-1");
    await form.getByLabel("First Name").fill("Tara");
    await form.getByLabel("Last Name").fill("Tester");
    await form.getByLabel("Date of Birth").fill("1980-01-01");
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(form.getByRole("alert")).toContainText("An account with this email already exists.");
    await form.getByRole("button", { name: "Sign in instead" }).click();
    await expect(page.getByRole("form", { name: "Sign in to pay" }).getByLabel("Email Address")).toHaveValue(taken.email);
    await expect(page).toHaveURL(/\/checkout\/direct$/);
  });

  test("a customer without a date of birth adds it inside the checkout, then pays", async ({ page }) => {
    const buyer = await signInAs(page, "user", "Dora", null);
    const c = await ownCompetition({ title: "E2E Panel Hedge Cutter", price: "1.25" });
    await enterCompetition(page, c, c.answer, 1, "Dora Tester");
    await expect(page.getByRole("heading", { name: "Your date of birth" })).toBeVisible();
    await expect(page.getByText("We ask because only people aged 18 or over may enter.", { exact: false })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Pay £/ })).toBeHidden();
    await screenshot(page, "checkout-accounts-dob-step");

    await page.getByLabel("Date of Birth", { exact: true }).fill("1979-11-30");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.getByRole("heading", { name: "Your date of birth" })).toBeHidden();
    await payDirect(page, CARDS.approve);
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByText("Payment Failed")).toHaveCount(0);

    expect(await ordersOf(buyer.email)).toEqual([expect.objectContaining({ status: "paid", totalPence: 125 })]);
    const saved = await withShopDb((db) => db.$client.prepare("select date_of_birth dob from users where email = ?").get(buyer.email) as { dob: string });
    expect(saved.dob).toBe("1979-11-30");
  });

  test("a customer without a date of birth who turns out to be under 18 is refused as before", async ({ page }) => {
    await signInAs(page, "user", "Young", null);
    const c = await ownCompetition({ title: "E2E Panel Under Age", price: "1.00" });
    await page.goto(`/competition/${c.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.goto("/checkout");
    const year = new Date().getFullYear() - 12;
    await page.getByLabel("Date of Birth", { exact: true }).fill(`${year}-04-01`);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByLabel(c.question).fill(c.answer);
    await page.getByLabel("Address", { exact: true }).fill("Top Field");
    await page.getByLabel("City").fill("Ludlow");
    await page.getByLabel("Postcode").fill("SY8 1AA");
    await fillCard(page, CARDS.approve);
    await page.getByRole("button", { name: "Complete Order - £1.00" }).click();
    await expect(page.getByText("You must be 18 or over to enter our competitions.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your date of birth" })).toHaveCount(0);
  });
});
