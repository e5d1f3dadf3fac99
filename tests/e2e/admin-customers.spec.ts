import { eq } from "drizzle-orm";
import { mailOutbox } from "../../db/schema";
import { register } from "../../src/server/services/auth";
import { expect, signInAs, test, withShopDb } from "./fixtures";
import { orderNumber, orderThroughServices, ownCompetition, screenshot } from "./shop";

/** A customer of the test's own, signed up through the shop's service, with a postcode nobody else has. */
async function customerWithPostcode() {
  const letters = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));
  const postcode = `ZE${Math.floor(Math.random() * 9) + 1} ${Math.floor(Math.random() * 10)}${letters()}${letters()}`;
  const email = `farmer-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const lastName = `Furrow${letters()}${letters()}${letters()}${letters()}`;
  await withShopDb((db) =>
    register(db, {
      email,
      password: crypto.randomUUID(),
      firstName: "Mabel",
      lastName,
      phone: "07700 900123",
      dateOfBirth: "1979-04-02",
      address: "Top Field Farm",
      city: "Leominster",
      postcode,
      country: "United Kingdom",
    }),
  );
  return { email, postcode, name: `Mabel ${lastName}` };
}

const mailsTo = (email: string) => withShopDb((db) => db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).all());

test("staff find a customer by postcode, open their record and resend a paid order's confirmation", async ({ page }) => {
  const customer = await customerWithPostcode();
  const competition = await ownCompetition({ title: "E2E Seed Drill" });
  const orderId = await orderThroughServices(customer.email, competition, 2, "sim_approve");
  expect(orderId).not.toBeNull();
  const confirmationsBefore = (await mailsTo(customer.email)).filter((m) => m.kind === "order_confirmation").length;

  await signInAs(page, "admin");
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Admin tools" })
    .getByRole("link", { name: /Customers/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/customers$/);

  // Spaces and case do not matter in a postcode; the search lands in the URL, so it can be shared.
  await page.getByLabel("Search customers").fill(customer.postcode.replace(" ", "").toLowerCase());
  await expect(page).toHaveURL(/\?search=/);
  await expect(page.getByText("Showing 1–1 of 1")).toBeVisible();
  await screenshot(page, "admin-customers-1280");
  await page.getByRole("link", { name: customer.name }).first().click();

  await expect(page.getByRole("heading", { name: customer.name, level: 1 })).toBeVisible();
  const profile = page.getByRole("region", { name: "Profile" });
  await expect(profile.getByText("Not verified")).toBeVisible();
  await expect(profile.getByText(customer.postcode)).toBeVisible();
  const orders = page.getByRole("region", { name: /Orders/ });
  await expect(orders.getByRole("link", { name: `Order ${orderNumber(orderId!)}` })).toHaveAttribute("href", `/admin/orders/${orderId}`);
  await expect(page.getByRole("region", { name: /Entries/ }).getByText(competition.title)).toBeVisible();
  await screenshot(page, "admin-customer-1280");

  await orders.getByRole("button", { name: `Resend confirmation of order ${orderNumber(orderId!)}` }).click();
  await expect(page.getByText(`Confirmation sent to ${customer.email}`).first()).toBeVisible();
  await expect.poll(async () => (await mailsTo(customer.email)).filter((m) => m.kind === "order_confirmation").length).toBe(confirmationsBefore + 1);
  const resent = (await mailsTo(customer.email)).filter((m) => m.kind === "order_confirmation");
  expect(resent.at(-1)!.text).toContain(competition.title);

  // The resend is in the record's audit, and a note sticks.
  await page.getByLabel("New note").fill("Rang to say the confirmation never arrived; resent.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("region", { name: /Notes/ }).getByText("Rang to say the confirmation never arrived; resent.")).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the customers list becomes cards and the record reads in one column", async ({ page }) => {
    const customer = await customerWithPostcode();
    await signInAs(page, "admin");
    await page.goto(`/admin/customers?search=${encodeURIComponent(customer.email)}`);
    await expect(page.getByLabel("Search customers")).toHaveValue(customer.email);
    const cards = page.getByRole("list", { name: "Customers" });
    await expect(cards.getByRole("link", { name: customer.name })).toBeVisible();
    await expect(page.getByRole("table")).toBeHidden();
    await screenshot(page, "admin-customers-390");
    await cards.getByRole("link", { name: customer.name }).click();
    await expect(page.getByRole("heading", { name: customer.name, level: 1 })).toBeVisible();
    await screenshot(page, "admin-customer-390");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test("a notification to one customer is addressed by picking them by name, not by typing an id", async ({ page }) => {
  const customer = await customerWithPostcode();
  await signInAs(page, "admin");
  await page.goto("/admin/notifications");
  await page.getByRole("tab", { name: "User" }).click();
  const picker = page.getByRole("combobox", { name: "Customer" });
  await picker.fill(customer.name.split(" ")[1]!);
  const choice = page.getByRole("option", { name: `${customer.name} — ${customer.email}` });
  await expect(choice).toBeVisible();
  await screenshot(page, "admin-notification-picker-1280", false);
  await choice.click();
  await expect(picker).toHaveValue(`${customer.name} — ${customer.email}`);
  await page.getByLabel("Title", { exact: true }).fill("Your prize is on its way");
  await page.getByLabel("Message").fill("The courier will ring ahead.");
  await page.getByRole("button", { name: "Send to User" }).click();
  await expect(page.getByText("Notification sent").first()).toBeVisible();

  const sentTo = await withShopDb(
    (db) =>
      db.$client
        .prepare("select u.email from notifications n join users u on u.id = n.user_id where n.title = ? order by n.created_at desc limit 1")
        .get("Your prize is on its way") as { email: string } | undefined,
  );
  expect(sentTo?.email).toBe(customer.email);
});
