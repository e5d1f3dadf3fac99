import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";
import { ownCompetition } from "./shop";

// A real (tiny, valid) PNG: the server decodes every image it keeps.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000004000000040802000000269309290000000970485973000003e8000003e801b57b526b0000001049444154089963f0aab1822306e23800a1431001ba68f0f00000000049454e44ae426082",
  "hex",
);

const local = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const DAY = 86_400_000;

async function asAdmin(page: Page) {
  await signInAs(page, "admin");
  page.on("dialog", (d) => void d.accept());
}

test("an admin creates a campaign with an uploaded image and a question, sees it in the shop, edits it and closes it", async ({ page }) => {
  await asAdmin(page);
  await page.goto("/admin/campaigns");
  await page.getByRole("button", { name: "Create Campaign" }).first().click();
  await page.getByLabel("Title", { exact: true }).fill("E2E Hedge Trimmer");
  await page.getByLabel("Description").fill("A tractor-mounted hedge trimmer.");
  await page.getByLabel("Price").fill("1.25");
  await page.getByLabel("Category").selectOption("Farm Machinery");
  await page.getByLabel("Upload Image or Video").setInputFiles({ name: "trimmer.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByLabel("Image URL")).toHaveValue(/^\/objects\/uploads\//);
  await page.getByLabel("Start Date").fill(local(new Date(Date.now() - DAY)));
  await page.getByLabel("End Date").fill(local(new Date(Date.now() + 5 * DAY)));
  await page.getByLabel("Draw Date").fill(local(new Date(Date.now() + 6 * DAY)));
  await page.getByLabel("Max Tickets", { exact: true }).fill("300");
  await page.getByRole("tab", { name: "Questions" }).click();
  await page.getByLabel("Qualifying Question").fill("What does a hedge trimmer cut?");
  await page.getByLabel("Qualifying Answer").fill("Hedges");
  await page.getByRole("tab", { name: "Postal Entry" }).click();
  await page.getByLabel("Postal Address").fill("Harvest Draws Free Entry\nPO Box 1\nLincoln");
  await page.getByRole("button", { name: "Create Campaign" }).last().click();
  await expect(page.getByText("Campaign created").first()).toBeVisible();

  const list = await (await page.request.get("/api/competitions")).json();
  const created = list.find((c: { title: string }) => c.title === "E2E Hedge Trimmer");
  expect(created).toMatchObject({ price: "1.25", qualifyingQuestion: "What does a hedge trimmer cut?", maxTickets: 300 });
  await page.goto(`/competition/${created.id}`);
  await expect(page.getByRole("heading", { name: "E2E Hedge Trimmer" })).toBeVisible();
  await expect(page.getByRole("img", { name: /E2E Hedge Trimmer/ }).first()).toBeVisible();

  await page.goto("/admin/campaigns");
  await page.getByRole("button", { name: "Edit E2E Hedge Trimmer" }).click();
  await page.getByLabel("Title", { exact: true }).fill("E2E Hedge Trimmer Deluxe");
  await page.getByRole("button", { name: "Update Campaign" }).click();
  await expect(page.getByText("Campaign updated").first()).toBeVisible();

  await page.goto("/admin");
  await page.getByRole("tab", { name: "Competitions" }).click();
  const row = page
    .getByRole("listitem")
    .filter({ hasText: "E2E Hedge Trimmer Deluxe" })
    .or(page.getByRole("row").filter({ hasText: "E2E Hedge Trimmer Deluxe" }));
  await row.getByRole("button", { name: /Close/ }).first().click();
  // Close asks first, saying what it does.
  await page.getByRole("button", { name: "Close competition" }).click();
  await expect.poll(async () => (await (await page.request.get(`/api/competitions/${created.id}`)).json()).status).toBe("closed");
});

test("an admin reorders hero slides and the home slider follows", async ({ page }) => {
  await asAdmin(page);
  await page.goto("/admin/hero-slides");
  await expect(page.getByRole("heading", { name: "Manage Hero Slides" })).toBeVisible();
  await page.getByRole("button", { name: "Move Live draws every Monday up" }).click();
  await expect
    .poll(async () => (await (await page.request.get("/api/hero-slides/active")).json()).map((s: { title: string }) => s.title))
    .toEqual(["Win a Massey Ferguson 5S", "Live draws every Monday", "Water your fields for free"]);
});

test("an admin creates a pop-up that appears on the page it targets", async ({ page, browser }) => {
  await asAdmin(page);
  await page.goto("/admin/popups");
  await page.getByRole("button", { name: "Create Popup" }).first().click();
  await page.getByLabel("Title", { exact: true }).fill("Competitions page special");
  await page.getByLabel("CTA Text").fill("See it");
  await page.getByLabel("CTA Link").fill("/winners");
  await page.getByRole("checkbox", { name: /^\/competitions\b/ }).check();
  await page.getByLabel("Display Delay (ms)").fill("0");
  await page.getByRole("button", { name: "Create Popup" }).last().click();
  await expect(page.getByText("Competitions page special").first()).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto("/competitions");
  await expect(visitor.getByRole("heading", { name: "Competitions page special" })).toBeVisible();
  await visitor.goto("/winners");
  await expect(visitor.getByRole("heading", { name: "Competitions page special" })).toBeHidden();
  await visitor.close();

  // Pop-ups are modal: remove this one so later journeys on /competitions are not covered by it.
  await page.goto("/admin/popups");
  await page.getByRole("button", { name: /Delete Competitions page special/ }).click();
  await expect
    .poll(async () => (await (await page.request.get("/api/popups?page=%2Fcompetitions")).json()).map((p: { title: string }) => p.title))
    .not.toContain("Competitions page special");
});

test("an admin edits the About page and visitors see it", async ({ page }) => {
  await asAdmin(page);
  await page.goto("/admin/about-page");
  await page.getByLabel("Hero Title").fill("Farmers running draws for farmers");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("About page content updated successfully")).toBeVisible();
  await page.goto("/about");
  await expect(page.getByRole("heading", { name: "Farmers running draws for farmers" })).toBeVisible();
});

test("an admin adds, edits and deletes a winner", async ({ page }) => {
  const c = await ownCompetition({ title: "E2E Winner Quad", image: "/images/quad-bike.svg" });
  await asAdmin(page);
  await page.goto("/admin/winners");
  await page.getByRole("button", { name: "Add Winner" }).first().click();
  await page.getByLabel("Winner Name*").fill("Gwyneth P., Gwynedd");
  await page.getByLabel("Competition*").selectOption({ label: c.title });
  await page.getByLabel("Testimonial").fill("Brilliant from start to finish.");
  await page.getByRole("button", { name: "Add Winner" }).last().click();
  await expect(page.getByText("Winner created successfully")).toBeVisible();
  await page.getByRole("button", { name: "Edit winner Gwyneth P., Gwynedd" }).click();
  await page.getByLabel("Winner Name*").fill("Gwyneth Parry, Gwynedd");
  await page.getByRole("button", { name: "Update Winner" }).click();
  await expect(page.getByText("Winner updated successfully")).toBeVisible();
  await page.goto("/winners");
  await expect(page.getByText("Gwyneth Parry, Gwynedd")).toBeVisible();
  await page.goto("/admin/winners");
  await page.getByRole("button", { name: "Delete winner Gwyneth Parry, Gwynedd" }).click();
  await expect(page.getByText("Winner deleted successfully")).toBeVisible();
  await page.goto("/winners");
  await expect(page.getByText("Gwyneth Parry, Gwynedd")).toBeHidden();
});

test("an admin changes how many winners the home page shows, and it follows", async ({ page }) => {
  await asAdmin(page);
  await page.goto("/admin/settings");
  await page.getByLabel("Winners display count").fill("3");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect.poll(async () => (await (await page.request.get("/api/settings/winners_display_count")).json()).value).toBe("3");
  await page.goto("/");
  const winners = page.getByRole("region", { name: "Recent Winners" }).getByRole("listitem");
  await expect(winners).toHaveCount(3);
});

test("an admin broadcasts a notification from the back office and a customer sees it in the bell", async ({ page, browser }) => {
  await asAdmin(page);
  await page.goto("/admin/notifications");
  await expect(page.getByRole("heading", { name: "Notification Management" })).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill("Harvest festival draw");
  await page.getByLabel("Message").fill("Extra prizes in tonight's live draw.");
  await page.getByRole("button", { name: "Send Broadcast" }).click();
  await expect(page.getByText("Harvest festival draw").first()).toBeVisible();

  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signInAs(customer, "user", "Fenna");
  await customer.goto("/winners");
  await customer.getByRole("button", { name: "Notifications" }).click();
  await expect(customer.getByText("Harvest festival draw")).toBeVisible();
  await customerContext.close();
});
