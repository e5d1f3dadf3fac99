import { eq } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { first } from "../../db/client";
import { users } from "../../db/schema";
import { fillPaidOrders } from "../../scripts/bench/big-shop.mjs";
import { createCompetition } from "../factories/competitions";
import { createSessionFor, expect, signInAs, test, withShopDb } from "./fixtures";

/** A customer with `count` paid one-ticket entries (written straight into the shop's database), signed in on `page` when given. */
async function customerWithEntries(page: Parameters<typeof signInAs>[0] | null, count: number) {
  const session = page ? await signInAs(page, "user", "Bethan") : await createSessionFor("user", "Bethan");
  const title = `Paging Quad ${crypto.randomUUID().slice(0, 6)}`;
  await withShopDb(async (db) => {
    const user = (await first(db.select({ id: users.id }).from(users).where(eq(users.email, session.email))))!;
    const competition = await createCompetition(db, { title, maxTickets: null });
    fillPaidOrders(db.$client, { userId: user.id, email: session.email, name: "Bethan Tester", competitionId: competition.id, orders: count });
  });
  return { ...session, title };
}

test("My Entries shows 20 entries at a time, newest first, and Show more adds the next", async ({ page }) => {
  const { title } = await customerWithEntries(page, 45);
  await page.goto("/account");
  const list = page.getByRole("list", { name: "My entries" });
  // One card per entry (a card's ticket numbers are a list of their own).
  const cards = list.locator(":scope > li");
  await expect(cards).toHaveCount(20);
  // The tiles count every entry, not the page shown.
  await expect(page.getByText("Total Entries").locator("..")).toContainText("45");
  await expect(page.getByText("Active Entries").locator("..")).toContainText("45");
  await expect(page.getByText("Showing 20 of 45 entries")).toBeVisible();
  // Newest first: ticket 45 was bought last.
  await expect(cards.first()).toContainText(title);
  await expect(cards.first()).toContainText("45");
  await page.getByRole("button", { name: "Show more" }).click();
  await expect(cards).toHaveCount(40);
  await expect(page.getByText("Showing 40 of 45 entries")).toBeVisible();
  await page.getByRole("button", { name: "Show more" }).click();
  await expect(cards).toHaveCount(45);
  await expect(page.getByText("Showing 45 of 45 entries")).toBeVisible();
  await expect(page.getByRole("button", { name: "Show more" })).toHaveCount(0);
  await page.getByText("Showing 45 of 45 entries").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "tests/.tmp/screens/my-entries-paged.png" });
});

test("Download my data saves every entry of a long history as one JSON file", async ({ page }) => {
  await customerWithEntries(page, 1_200);
  await page.goto("/account?tab=profile");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("harvest-draws-my-data.json");
  const data = JSON.parse(readFileSync((await download.path())!, "utf8"));
  expect(data.entries).toHaveLength(1_200);
  expect(data.orders).toHaveLength(1_200);
});

test("the admin's Export CSV downloads a row for every ticket of a competition", async ({ page }) => {
  const { title } = await customerWithEntries(null, 1_500);
  await signInAs(page, "admin");
  await page.goto("/admin/entries");
  await page.getByLabel("Competition", { exact: true }).selectOption({ label: title });
  // The export takes the filters the table shows.
  await expect(page.getByText(/of 1500 · Page 1 of/)).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^entries-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await download.path())!, "utf8")
    .trimEnd()
    .split("\n");
  expect(lines).toHaveLength(1 + 1_500);
  await expect(page.getByText("Export ready")).toBeVisible();
});
