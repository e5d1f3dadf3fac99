import { inArray } from "drizzle-orm";
import { mailOutbox } from "../../db/schema";
import { register } from "../../src/server/services/auth";
import { expect, signInAs, test, withShopDb } from "./fixtures";
import { orderThroughServices, ownCompetition, screenshot } from "./shop";

/*
 * The e2e shop runs without SMTP_URL (playwright.config.ts): mail cannot leave it. Health says so,
 * and every admin page carries a banner saying how much is waiting, with the way to the outbox.
 */
const waitingInOutbox = () =>
  withShopDb(
    async (db) =>
      (
        await db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(inArray(mailOutbox.status, ["queued"]))
      ).length,
  );

test("an admin of a shop without SMTP_URL is told mail is not being sent, and reaches the outbox from the banner", async ({ page }) => {
  // Something to wait: a customer's verification link and a paid order's confirmation.
  const email = `banner-${crypto.randomUUID().slice(0, 8)}@example.test`;
  await withShopDb((db) =>
    register(db, {
      email,
      password: crypto.randomUUID(),
      firstName: "Nell",
      lastName: "Baler",
      phone: null,
      address: null,
      city: null,
      postcode: null,
      dateOfBirth: "1980-05-01",
      country: "United Kingdom",
    }),
  );
  const competition = await ownCompetition({ title: "E2E Mail Banner Baler" });
  expect(await orderThroughServices(email, competition, 1, "sim_approve")).not.toBeNull();

  const health = await (await page.request.get("/api/health")).json();
  expect(health).toMatchObject({ status: "ok", mail: { sending: false, configured: false, failing: false } });
  expect(health.mail.queued).toBeGreaterThan(0);

  await signInAs(page, "admin");
  await page.goto("/admin");
  const banner = page.getByRole("region", { name: "Mail is not being sent" });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("SMTP_URL is not set, so no email leaves the shop");
  const waiting = await waitingInOutbox();
  await expect(banner).toContainText(`${waiting.toLocaleString("en-GB")} messages are waiting in the outbox.`);
  await screenshot(page, "admin-mail-banner", false);

  // On every admin page, not only the dashboard.
  await page.goto("/admin/winners");
  await expect(banner).toBeVisible();

  await banner.getByRole("link", { name: "Open the outbox" }).click();
  await expect(page).toHaveURL(/\/admin\/messages\?tab=outbox$/);
  await expect(page.getByRole("tab", { name: "Mail Outbox" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("Your Harvest Draws entry is confirmed").first()).toBeVisible();
});

test("a customer who opens /admin is refused, with no word of the shop's mail", async ({ page }) => {
  await signInAs(page, "user");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Mail is not being sent" })).toHaveCount(0);
  await expect(page.getByText(/SMTP_URL/)).toHaveCount(0);
});
