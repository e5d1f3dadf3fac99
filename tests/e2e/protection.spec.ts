import { createSessionFor, expect, signInAs, test } from "./fixtures";
import { CARDS, drawnCompetition, enterCompetition, ownCompetition, payDirect } from "./shop";

test("the public draw record of a drawn competition verifies in the browser", async ({ page }) => {
  const drawn = await drawnCompetition("E2E Drawn Seed Drill");
  await page.goto(`/competition/${drawn.id}/draw`);
  await expect(page.getByText(drawn.title).first()).toBeVisible();
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Verified: the published draw matches.")).toBeVisible();
});

test("a player sets a £10 limit and is refused the order that would pass it", async ({ page }) => {
  await signInAs(page, "user", "Lim");
  await page.goto("/account?tab=limits");
  await page.getByLabel("New monthly limit (£)").fill("10");
  await page.getByRole("button", { name: "Set Limit" }).click();
  await expect(page.getByText("£10.00").first()).toBeVisible();
  const c = await ownCompetition({ title: "E2E Limit Tractor", price: "4.99", question: "How many wheels does a standard farm tractor have?", answer: "4" }); // £4.99 a ticket
  await enterCompetition(page, c, c.answer, 3, "Lim Tester");
  await payDirect(page, CARDS.approve);
  await expect(page.getByText("This order would take you over your monthly spending limit of £10.00. You have £10.00 left this month.")).toBeVisible();
  // Titled by the limit, not as a failed payment.
  await expect(page.getByText("Monthly spending limit reached")).toBeVisible();
  await expect(page.getByText("Payment Failed")).toHaveCount(0);
  await page.screenshot({ path: "tests/.tmp/screens/protection-spending-limit-toast.png" });
  // The refusal's code (SPENDING_LIMIT) brings the way to the limits with it.
  await page.getByRole("link", { name: "See your spending limits" }).click();
  await expect(page).toHaveURL(/\/account\?tab=limits$/);
  await expect(page.getByLabel("New monthly limit (£)")).toBeVisible();
});

test("a self-excluded player cannot enter and sees why", async ({ page }) => {
  await signInAs(page, "user", "Sel");
  await page.goto("/account?tab=limits");
  await page.getByRole("button", { name: "Self-exclude for 6 months" }).click();
  await page.getByRole("button", { name: "Self-exclude", exact: true }).click();
  await expect(page.getByText(/You have self-excluded until/).first()).toBeVisible();
  const c = await ownCompetition({ title: "E2E Excluded Quad", image: "/images/quad-bike.svg" });
  await page.goto(`/competition/${c.id}`);
  await expect(page.getByText(/You have self-excluded until/).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Enter Now" })).toHaveCount(0);
});

test("an under-18 date of birth is refused", async ({ page }) => {
  const young = new Date(Date.now() - 16 * 365.25 * 86_400_000).toISOString().slice(0, 10);
  await signInAs(page, "user", "Kit", young);
  const c = await ownCompetition({ title: "E2E Under-18 Soil Course", question: "What do earthworms improve?", answer: "soil" });
  await enterCompetition(page, c, c.answer, 1, "Kit Young");
  await payDirect(page, CARDS.approve);
  await expect(page.getByText("You must be 18 or over to enter our competitions.")).toBeVisible();
  // The refusal cannot be undone from the profile: the date is read-only, with a way to ask for a correction.
  await page.goto("/account?tab=profile");
  const dateOfBirth = page.getByLabel("Date of Birth");
  await expect(dateOfBirth).toHaveValue(young);
  await expect(dateOfBirth).toHaveAttribute("readonly", "");
  await expect(page.getByText("Your date of birth can't be changed here.")).toBeVisible();
  await expect(page.getByRole("link", { name: "contact us" })).toHaveAttribute("href", "/contact");
  await dateOfBirth.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "tests/.tmp/e2e-results/profile-date-of-birth.png" });
});

test("a complaint gets a reference and lands in the admin queue", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("What is this about?").selectOption({ label: "A complaint" });
  await page.getByLabel("Your Name").fill("Cai Complainer");
  await page.getByLabel("Email Address").fill("cai@example.test");
  await page.getByLabel("Subject").fill("My prize has not arrived");
  await page.getByLabel("Message").fill("It has been six weeks since the draw and nothing has arrived.");
  await page.getByRole("button", { name: "Send Message" }).click();
  const reference = (await page
    .getByText(/CMP-\d{8}-[0-9A-F]{6}/)
    .first()
    .textContent())!.match(/CMP-\d{8}-[0-9A-F]{6}/)![0];
  const admin = await createSessionFor("admin");
  const queue = await (await page.request.get("/api/admin/complaints", { headers: { "x-session-token": admin.token } })).json();
  expect(queue.find((c: { reference: string }) => c.reference === reference)).toMatchObject({ status: "open", subject: "My prize has not arrived" });
});
