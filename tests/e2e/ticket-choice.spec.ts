import type { Locator, Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";
import { CARDS, numberHolders, orderNumber, ordersOf, ownCompetition, payDirect, screenshot, takeNumbersFirst, ticketLedger } from "./shop";

/** A competition whose buyers choose their numbers from the grid (1,000 tickets unless told). */
const PICK = { pickNumbers: true, allocation: "random" as const };

const byNumber = (a: string, b: string) => Number(a) - Number(b);

/** The numbers on the entry form's chips, in the order they were chosen. */
async function chipNumbers(page: Page): Promise<string[]> {
  const names = await page
    .getByTestId("chosen-numbers")
    .getByRole("button", { name: /^Remove number \d+$/ })
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label") ?? ""));
  return names.map((name) => name.replace("Remove number ", ""));
}

/** The ticket numbers on the payment success screen, lowest first (read at once: the screen moves on to the account after 3 s). */
async function receiptNumbers(page: Page, count: number): Promise<string[]> {
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  const chips = page.getByTestId("ticket-number");
  await expect(chips).toHaveCount(count);
  return (await chips.allTextContents()).map((t) => t.trim()).sort(byNumber);
}

/**
 * Reloads the page until this grid cell shows `state`: the server answers the grid from a cache of
 * one second, so a change made a moment ago (by another buyer, outside the page) may not show at once.
 */
async function reloadUntil(page: Page, cell: Locator, state: "free" | "held" | "sold") {
  await expect(async () => {
    await page.reload();
    await expect(cell).toHaveAttribute("data-state", state, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

/** Numbers held by this buyer (the ticket rows of the entries bought with this email). */
const heldBy = async (competitionId: string, email: string) =>
  (await numberHolders(competitionId)).filter((h) => h.email === email.toLowerCase()).map((h) => h.number);

test.describe("choosing ticket numbers", () => {
  test("three numbers picked from the grid, one on its second page, are exactly the ones paid for and then show as sold", async ({ page }) => {
    const buyer = await signInAs(page, "user", "Nina");
    const c = await ownCompetition({ title: "E2E Chosen Numbers Baler", price: "1.99" }, PICK);
    await page.goto(`/competition/${c.id}`);
    await expect(page.getByRole("heading", { name: c.title })).toBeVisible();
    await page.getByLabel(c.question).fill(c.answer);

    const firstPage = page.getByRole("group", { name: "Numbers 1–100" });
    await expect(firstPage).toBeVisible();
    await expect(page.getByTestId("number-grid").locator("[data-number]")).toHaveCount(100);
    const quantity = page.getByRole("spinbutton", { name: "Number of Entries" });
    await expect(quantity).toHaveValue("1");

    await firstPage.getByRole("button", { name: "7", exact: true }).click();
    await expect(firstPage.locator('[data-number="7"]')).toHaveAttribute("data-state", "chosen");
    await expect(firstPage.getByRole("button", { name: "7", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(quantity).toHaveValue("1");
    // A number more than there are entries adds an entry.
    await firstPage.getByRole("button", { name: "42", exact: true }).click();
    await expect(quantity).toHaveValue("2");

    await page.getByRole("button", { name: "Next 100 numbers" }).click();
    const secondPage = page.getByRole("group", { name: "Numbers 101–200" });
    await expect(secondPage).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Numbers shown" }).locator("option:checked")).toHaveText("101–200");
    await secondPage.getByRole("button", { name: "150", exact: true }).click();
    await expect(secondPage.locator('[data-number="150"]')).toHaveAttribute("data-state", "chosen");
    await expect(quantity).toHaveValue("3");
    expect(await chipNumbers(page)).toEqual(["7", "42", "150"]);
    await expect(page.getByTestId("entry-total")).toHaveText("£5.97");

    await page.getByRole("button", { name: "Enter Now" }).click();
    await expect(page).toHaveURL(/\/checkout\/direct$/);
    await expect(page.getByTestId("your-numbers")).toHaveText("Your numbers: #7 #42 #150");
    await expect(page.getByTestId("direct-total")).toHaveText("£5.97");
    await expect(page.getByRole("button", { name: "Pay £5.97" })).toBeVisible();
    await payDirect(page, CARDS.approve);
    expect(await receiptNumbers(page, 3)).toEqual(["7", "42", "150"]);

    expect(await numberHolders(c.id)).toEqual(
      ["7", "42", "150"].map((number) => expect.objectContaining({ number, email: buyer.email.toLowerCase(), orderStatus: "paid" })),
    );
    expect(await ticketLedger(c.id)).toEqual({ sold: 3, held: 0, tickets: 3 });

    // Back on the competition page, the three are sold: shown so, and no longer buttons to choose.
    await page.goto(`/competition/${c.id}`);
    await reloadUntil(page, firstPage.locator('[data-number="7"]'), "sold");
    for (const n of ["7", "42"]) {
      await expect(firstPage.locator(`[data-number="${n}"]`)).toHaveAttribute("data-state", "sold");
      await expect(firstPage.getByRole("button", { name: `${n}, sold` })).toBeDisabled();
    }
    await expect(firstPage.locator("[data-state=sold]")).toHaveCount(2);
    await expect(firstPage.locator('[data-number="8"]')).toHaveAttribute("data-state", "free");
    await page.getByRole("button", { name: "Next 100 numbers" }).click();
    await expect(secondPage.getByRole("button", { name: "150, sold" })).toBeDisabled();
    await expect(secondPage.locator("[data-state=sold]")).toHaveCount(1);

    // Another buyer waits at the bank for #9: it is held, not to be chosen either.
    await takeNumbersFirst(c, ["9"], "sim_3ds_required");
    await reloadUntil(page, firstPage.locator('[data-number="9"]'), "held");
    await expect(firstPage.getByRole("button", { name: "9, held" })).toBeDisabled();
    await expect(firstPage.locator('[data-number="9"]')).toHaveAttribute("data-state", "held");
    expect(await ticketLedger(c.id)).toEqual({ sold: 3, held: 1, tickets: 4 });

    // The picture: page one with every state, two sold, one held and one chosen (#8).
    await firstPage.getByRole("button", { name: "8", exact: true }).click();
    await expect(firstPage.locator('[data-number="8"]')).toHaveAttribute("data-state", "chosen");
    await screenshot(page, "ticket-grid");
  });

  test("Lucky Dip fills the entries with free numbers only; one removed is asked for again, and the paid numbers are the chips", async ({ page }) => {
    const buyer = await signInAs(page, "user", "Lucky");
    // Twenty-five numbers, ten of them sold already: a dip that ignored the sold ones would soon show it.
    // (Five entries are a fifth of 25, as many as one buyer may have waiting on payment at once.)
    const c = await ownCompetition({ title: "E2E Lucky Dip Hay Rake", price: "1.99" }, { ...PICK, maxTickets: 25 });
    const sold = ["1", "2", "3", "5", "7", "11", "13", "17", "19", "20"];
    const other = await takeNumbersFirst(c, sold);

    await page.goto(`/competition/${c.id}`);
    await expect(page.getByRole("heading", { name: c.title })).toBeVisible();
    const grid = page.getByRole("group", { name: "Numbers 1–25" });
    await expect(grid.locator("[data-state=sold]")).toHaveCount(sold.length);
    await page.getByLabel(c.question).fill(c.answer);
    await page.getByRole("spinbutton", { name: "Number of Entries" }).fill("5");
    await expect(page.getByText("5 entries without a number")).toBeVisible();

    const luckyDip = page.getByRole("button", { name: "Lucky Dip" });
    await luckyDip.click();
    const dipped = page.getByText(/^Lucky Dip chose /);
    await expect(dipped).toHaveText(/^Lucky Dip chose #\d+, #\d+, #\d+, #\d+, #\d+\.$/);
    await expect(page.getByTestId("chosen-numbers").getByRole("listitem")).toHaveCount(5);
    const first = await chipNumbers(page);
    expect(new Set(first).size).toBe(5);
    for (const n of first) {
      expect(sold).not.toContain(n);
      expect(Number(n)).toBeGreaterThanOrEqual(1);
      expect(Number(n)).toBeLessThanOrEqual(25);
      await expect(grid.locator(`[data-number="${n}"]`)).toHaveAttribute("data-state", "chosen");
    }
    expect(await dipped.textContent()).toBe(`Lucky Dip chose ${first.map((n) => `#${n}`).join(", ")}.`);
    await expect(page.getByText("Every entry has a number")).toBeVisible();
    await expect(luckyDip).toBeDisabled();

    // One given back: Enter Now asks for it, and the buyer stays on the page.
    const removed = first[2]!;
    await page.getByRole("button", { name: `Remove number ${removed}` }).click();
    await expect(page.getByTestId("chosen-numbers").getByRole("listitem")).toHaveCount(4);
    await expect(grid.locator(`[data-number="${removed}"]`)).toHaveAttribute("data-state", "free");
    await page.getByRole("button", { name: "Enter Now" }).click();
    await expect(page.getByText("Choose 1 more number, or press Lucky Dip")).toBeVisible();
    await expect(luckyDip).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/competition/${c.id}$`));

    await luckyDip.click();
    await expect(page.getByText(/^Lucky Dip chose #\d+\.$/)).toBeVisible();
    await expect(page.getByText("Choose 1 more number, or press Lucky Dip")).toBeHidden();
    const chips = await chipNumbers(page);
    expect(chips).toHaveLength(5);
    expect(new Set(chips).size).toBe(5);
    expect(chips.slice(0, 4)).toEqual(first.filter((n) => n !== removed));
    for (const n of chips) expect(sold).not.toContain(n);

    await page.getByRole("button", { name: "Enter Now" }).click();
    await expect(page).toHaveURL(/\/checkout\/direct$/);
    await expect(page.getByTestId("your-numbers")).toHaveText(`Your numbers: ${chips.map((n) => `#${n}`).join(" ")}`);
    await payDirect(page, CARDS.approve);
    expect(await receiptNumbers(page, 5)).toEqual([...chips].sort(byNumber));

    expect((await heldBy(c.id, buyer.email)).sort(byNumber)).toEqual([...chips].sort(byNumber));
    expect(await heldBy(c.id, other.email)).toEqual(sold);
    expect(await ticketLedger(c.id)).toEqual({ sold: 15, held: 0, tickets: 15 });
  });

  test("a number another buyer takes first is named at checkout; a free one nearby replaces it and Pay succeeds", async ({ page }) => {
    const buyer = await signInAs(page, "user", "Alys");
    const c = await ownCompetition({ title: "E2E Lost Number Tedder", price: "1.99" }, PICK);
    await page.goto(`/competition/${c.id}`);
    await expect(page.getByRole("heading", { name: c.title })).toBeVisible();
    await page.getByLabel(c.question).fill(c.answer);
    const grid = page.getByRole("group", { name: "Numbers 1–100" });
    await grid.getByRole("button", { name: "17", exact: true }).click();
    await grid.getByRole("button", { name: "42", exact: true }).click();
    await page.getByRole("button", { name: "Enter Now" }).click();
    await expect(page).toHaveURL(/\/checkout\/direct$/);
    await expect(page.getByTestId("your-numbers")).toHaveText("Your numbers: #17 #42");

    // While Alys types her card, a guest pays for #17.
    const other = await takeNumbersFirst(c, ["17"]);
    const conflicts: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error" && /409 \(Conflict\)/.test(msg.text())) conflicts.push(msg.text());
    });
    await payDirect(page, CARDS.approve);

    const taken = page.getByTestId("numbers-taken");
    await expect(taken).toBeVisible();
    await expect(taken).toHaveRole("alert");
    await expect(taken).toContainText("Ticket #17 has just been taken by another buyer. Please choose another number.");
    // The six free numbers closest to #17, lowest first.
    await expect(taken.getByRole("button", { name: /^Use #\d+ instead$/ })).toHaveText(["14", "15", "16", "18", "19", "20"].map((n) => `Use #${n} instead`));
    await expect(taken.getByTestId("choose-again")).toHaveText("Choose again on the competition page");
    await expect(taken.getByTestId("choose-again")).toHaveAttribute("href", `/competition/${c.id}`);
    await screenshot(page, "ticket-choice-number-taken");
    // Nothing was charged or held for Alys.
    expect(await ticketLedger(c.id)).toEqual({ sold: 1, held: 0, tickets: 1 });
    expect((await ordersOf(buyer.email)).filter((o) => o.status === "paid")).toEqual([]);

    await taken.getByRole("button", { name: "Use #16 instead" }).click();
    await expect(page.getByTestId("numbers-taken")).toBeHidden();
    await expect(page.getByTestId("numbers-replaced")).toHaveText("Now #16 instead of #17. Press Pay to continue.");
    await expect(page.getByTestId("numbers-replaced")).toHaveRole("status");
    await expect(page.getByTestId("your-numbers")).toHaveText("Your numbers: #16 #42");
    await expect(page.getByTestId("direct-total")).toHaveText("£3.98");
    await page.getByRole("button", { name: "Pay £3.98" }).click();
    expect(await receiptNumbers(page, 2)).toEqual(["16", "42"]);

    // The guest still has #17; Alys paid once, for #16 and #42; no number was sold twice.
    const holders = await numberHolders(c.id);
    expect(holders).toEqual([
      expect.objectContaining({ number: "16", email: buyer.email.toLowerCase(), orderStatus: "paid" }),
      expect.objectContaining({ number: "17", email: other.email, orderId: other.orderId, orderStatus: "paid" }),
      expect.objectContaining({ number: "42", email: buyer.email.toLowerCase(), orderStatus: "paid" }),
    ]);
    expect(new Set(holders.map((h) => h.number)).size).toBe(holders.length);
    const paid = (await ordersOf(buyer.email)).filter((o) => o.status === "paid");
    expect(paid).toEqual([expect.objectContaining({ totalPence: 398 })]);
    expect(await ticketLedger(c.id)).toEqual({ sold: 3, held: 0, tickets: 3 });
    // The refusal is the one console error the browser logged.
    expect(conflicts).toHaveLength(1);
  });

  test("a multibuy price: the tier button asks for 10 at £1.79, and the saving is shown on the page, at checkout and on the receipts", async ({ page }) => {
    const buyer = await signInAs(page, "user", "Milo");
    const c = await ownCompetition(
      { title: "E2E Multibuy Seed Drill", image: "/images/tractor.svg", price: "1.99" },
      { priceTiers: [{ minQuantity: 10, pricePerTicket: "1.79" }] },
    );
    await page.goto(`/competition/${c.id}`);
    await expect(page.getByRole("heading", { name: c.title })).toBeVisible();
    await expect(page.getByTestId("number-grid")).toHaveCount(0);

    const tiers = page.getByRole("group", { name: "Multibuy prices" });
    const single = tiers.getByRole("button", { name: "1 ticket · £1.99 each" });
    const ten = tiers.getByRole("button", { name: "10 tickets · £1.79 each · save £2.00" });
    await expect(tiers.getByRole("button")).toHaveCount(2);
    await expect(single).toHaveAttribute("aria-pressed", "true");
    await expect(ten).toHaveAttribute("aria-pressed", "false");
    const quantity = page.getByRole("spinbutton", { name: "Number of Entries" });

    // Nine is still the ticket price.
    await quantity.fill("9");
    await expect(page.getByTestId("entry-total")).toHaveText("£17.91");
    await expect(page.getByTestId("entry-saving")).toHaveCount(0);
    await expect(single).toHaveAttribute("aria-pressed", "true");

    await ten.click();
    await expect(quantity).toHaveValue("10");
    await expect(ten).toHaveAttribute("aria-pressed", "true");
    await expect(single).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId("entry-total")).toHaveText("£17.90");
    await expect(page.getByTestId("entry-saving")).toHaveText("You save £2.00");
    await expect(page.getByText("£1.79 per entry · up to 100 per order")).toBeVisible();
    await page.getByLabel(c.question).fill(c.answer);
    await screenshot(page, "ticket-multibuy");

    await page.getByRole("button", { name: "Enter Now" }).click();
    await expect(page).toHaveURL(/\/checkout\/direct$/);
    await expect(page.getByText("10 × £1.79", { exact: true })).toBeVisible();
    await expect(page.getByTestId("checkout-saving")).toHaveText("Multibuy saving: \u2212£2.00");
    await expect(page.getByTestId("direct-total")).toHaveText("£17.90");
    await expect(page.getByTestId("your-numbers")).toHaveCount(0);
    await payDirect(page, CARDS.approve);
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByTestId("line-unit-price")).toHaveText("10 × £1.79");
    await expect(page.getByTestId("line-saving")).toHaveText("Multibuy saving: \u2212£2.00");
    await expect(page.getByTestId("ticket-number")).toHaveCount(10);
    await screenshot(page, "ticket-multibuy-receipt");

    const [order, ...others] = await ordersOf(buyer.email);
    expect(others).toEqual([]);
    expect(order).toMatchObject({ status: "paid", totalPence: 1790 });
    expect(await ticketLedger(c.id)).toEqual({ sold: 10, held: 0, tickets: 10 });

    await page.goto("/account?tab=orders");
    const receipt = page.getByRole("listitem", { name: `Order ${orderNumber(order!.id)}` });
    await expect(receipt).toBeVisible();
    await expect(receipt.getByText("£17.90").first()).toBeVisible();
    await expect(receipt.getByTestId("line-unit-price")).toHaveText("10 × £1.79");
    await expect(receipt.getByTestId("line-saving")).toHaveText("Multibuy saving: \u2212£2.00");
    await expect(receipt.getByTestId("ticket-number")).toHaveCount(10);
    await screenshot(page, "ticket-multibuy-orders");
  });
});
