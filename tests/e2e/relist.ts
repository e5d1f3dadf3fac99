import type { Page } from "@playwright/test";
import { unitsOf } from "../../src/server/services/competitions/instant-wins";
import { expect, signInAs, withShopDb } from "./fixtures";
import { ownCompetition, screenshot } from "./shop";

/**
 * Issue #33 item 3, as the operator does it: a closed campaign with instant prizes and multibuy is
 * relisted from its card, the draft opens in the campaign dialog (nothing saved yet), the operator
 * renames it and creates it, and the copy is on sale in the shop with new instant-win numbers. Run at
 * the desktop width and at 390 px (relist.spec.ts, relist.mobile.spec.ts).
 */
export async function relistJourney(page: Page, width: string): Promise<void> {
  await signInAs(page, "admin");
  const source = await ownCompetition(
    { title: `E2E Relist Pump ${width}`, price: "2.00" },
    {
      status: "closed",
      maxTickets: 200,
      priceTiers: [{ minQuantity: 5, pricePerTicket: "1.50" }],
      instantPrizes: [{ name: "£5 site credit", kind: "credit", value: "5.00", count: 2 }],
    },
  );
  const renamed = `${source.title} again`;

  await page.goto("/admin/campaigns");
  const relist = page.getByRole("button", { name: `Relist ${source.title}` });
  await relist.scrollIntoViewIfNeeded();
  await screenshot(page, `relist-card-${width}`, false);
  await relist.click();
  const dialog = page.getByRole("dialog", { name: "Relist Campaign" });
  await expect(dialog.getByRole("heading", { name: "Relist Campaign" })).toBeVisible();
  await expect(dialog).toContainText(`A copy of "${source.title}" with new dates and no sales.`);
  await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue(source.title);
  await expect(dialog.getByLabel("Price")).toHaveValue("2.00");
  // Nothing is saved until the operator creates it.
  const before = (await (await page.request.get("/api/competitions")).json()) as Array<{ title: string }>;
  expect(before.filter((c) => c.title.startsWith(source.title))).toHaveLength(1);
  await screenshot(page, `relist-dialog-${width}`, false);

  await dialog.getByLabel("Title", { exact: true }).fill(renamed);
  await dialog.getByRole("tab", { name: "Instant Wins" }).click();
  await expect(dialog.getByLabel("Name").first()).toHaveValue("£5 site credit");
  await dialog.getByRole("button", { name: "Create Relisted Campaign" }).click();
  await expect(page.getByText("Campaign relisted").first()).toBeVisible();

  const list = (await (await page.request.get("/api/competitions")).json()) as Array<{ id: string; title: string; status: string; price: string }>;
  const copy = list.find((c) => c.title === renamed);
  expect(copy).toMatchObject({ status: "active", price: "2.00" });
  expect(list.find((c) => c.id === source.id)?.status).toBe("closed");
  // New winning numbers were drawn for the copy: its own two units, committed afresh.
  const [mine, theirs] = await withShopDb(async (db) => [await unitsOf(db, copy!.id), await unitsOf(db, source.id)]);
  expect(mine).toHaveLength(2);
  expect(mine.map((u) => u.commitment)).not.toEqual(theirs.map((u) => u.commitment));

  await page.goto(`/competition/${copy!.id}`);
  await expect(page.getByRole("heading", { name: renamed })).toBeVisible();
  await expect(page.getByTestId("instant-wins")).toContainText("0 won · 2 left");
  await screenshot(page, `relist-on-sale-${width}`);
}
