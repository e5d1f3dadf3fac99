import { closeEarlyOf } from "../helpers/close-early";
import { createSessionFor, expect, signInAs, test } from "./fixtures";
import { screenshot } from "./shop";

const DAY = 86_400_000;

test("an admin records a postal entry, is told Run draw is too early and why, closes the competition early on purpose and runs the draw; anyone can verify it; the winner is told", async ({
  page,
  browser,
}) => {
  // A competition of our own, so the winner is known: every ticket belongs to one customer.
  const admin = await createSessionFor("admin");
  const adminHeaders = { "x-session-token": admin.token };
  const created = await page.request.post("/api/admin/competitions", {
    headers: adminHeaders,
    data: {
      title: `E2E Draw Sprayer ${crypto.randomUUID().slice(0, 8)}`,
      description: "A knapsack sprayer",
      image: "/images/tractor.svg",
      category: "Tools & Equipment",
      price: "1.00",
      startDate: new Date(Date.now() - DAY).toISOString(),
      endDate: new Date(Date.now() + 3 * DAY).toISOString(),
      drawDate: new Date(Date.now() + 4 * DAY).toISOString(),
      maxTickets: 100,
      qualifyingQuestion: "What do sprayers spray?",
      qualifyingAnswer: "water",
      allowPostalEntry: true,
      postalAddress: "PO Box 2\nLincoln",
      drawMode: "live",
    },
  });
  expect(created.status()).toBe(200);
  const competition = await created.json();

  const winnerContext = await browser.newContext();
  const winnerPage = await winnerContext.newPage();
  const winner = await signInAs(winnerPage, "user", "Wyn");
  const bought = await page.request.post("/api/entries", {
    headers: { "x-session-token": winner.token },
    data: { competitionId: competition.id, customerName: "Wyn Tester", customerEmail: winner.email, answer: "water", quantity: 2 },
  });
  expect(bought.status()).toBe(201);

  await signInAs(page, "admin");
  await page.goto(`/admin/campaigns/${competition.id}/draw`);
  await page.getByLabel("Entrant Name").fill("Wyn Tester");
  await page.getByLabel("Entrant Email").fill(winner.email);
  await page.getByLabel("Postal Address").fill("Ty Gwyn\nBala");
  await page.getByLabel("Postal Reference").fill("PC-E2E-1");
  await page.getByLabel("What do sprayers spray?").fill("Water");
  await page.getByRole("button", { name: "Record Entry" }).click();
  await expect(page.getByText("Postal entry recorded")).toBeVisible();
  await expect(page.getByRole("cell", { name: "PC-E2E-1" })).toBeVisible();

  await page.goto("/admin");
  await page.getByRole("tab", { name: "Competitions" }).click();
  await page.getByRole("row").filter({ hasText: "E2E Draw Sprayer" }).getByRole("button", { name: "Close" }).click();
  await page.getByRole("button", { name: "Close competition" }).click();
  await expect.poll(async () => (await (await page.request.get(`/api/competitions/${competition.id}`)).json()).status).toBe("closed");

  // Closed from the dashboard is only paused: the page still promises sales and postal entries until the end date.
  await page.goto(`/admin/campaigns/${competition.id}/draw`);
  const endDate = closeEarlyOf(competition).confirmEndDate;
  await expect(page.getByTestId("draw-early-note")).toContainText(
    "Too early: sales are paused, but the competition may reopen: its page promises sales and postal entries until",
  );
  await page.getByRole("button", { name: "Run draw" }).click();
  const dialog = page.getByRole("dialog", { name: "Run the draw?" });
  await expect(dialog.getByTestId("draw-too-early")).toContainText("its page promises sales and postal entries until");
  await expect(dialog.getByTestId("draw-too-early")).toContainText("; the draw can run from then (it is set for");
  await screenshot(page, "draw-too-early", false);
  // The wrong date is refused in place; the end date itself closes it early and draws.
  await dialog.getByLabel("End date to bring forward").fill("2020-01-01");
  await dialog.getByRole("button", { name: "Close early and run draw" }).click();
  await expect(dialog.getByText(`Type the current end date, ${endDate}, to close the competition early.`)).toBeVisible();
  await dialog.getByLabel("End date to bring forward").fill(endDate);
  await dialog.getByRole("button", { name: "Close early and run draw" }).click();
  await expect(page.getByText("Wyn T.").first()).toBeVisible();
  const audit = await (await page.request.get("/api/admin/audit-log", { headers: adminHeaders })).json();
  expect(JSON.stringify(audit)).toContain("closed early");

  await page.goto(`/competition/${competition.id}/draw`);
  await expect(page.getByText("Wyn T.").first()).toBeVisible();
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Verified: the published draw matches.")).toBeVisible();

  await winnerPage.goto("/account?tab=wins");
  await expect(winnerPage.getByText("E2E Draw Sprayer").first()).toBeVisible();
  await winnerPage.getByRole("button", { name: "Notifications" }).click();
  await expect(winnerPage.getByText("You've won!")).toBeVisible();
  await winnerContext.close();
});
