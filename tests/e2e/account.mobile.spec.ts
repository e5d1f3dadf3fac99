import { expect, signInAs, test } from "./fixtures";

test("on a phone, every account tab label is shown in full", async ({ page }) => {
  await signInAs(page, "user", "Ffion");
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: /Ffion/ })).toBeVisible();
  const viewport = page.viewportSize()!;
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveText(["My Entries", "My Wins", "Orders", "Site Credit", "Refer a Friend", "Profile", "Spending Limits"]);
  for (const tab of await tabs.all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x, `${await tab.textContent()} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${await tab.textContent()} ends on screen`).toBeLessThanOrEqual(viewport.width);
    // The label is not clipped inside its own pill either.
    expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("on a phone, the signed-in devices list shows this device and signs the others out", async ({ page, playwright, baseURL }) => {
  const email = `devices-${Date.now()}@example.test`;
  const password = "hedge-laying";
  // Another device: a REST client (its own user agent) that registered and so holds a session.
  const otherDevice = await playwright.request.newContext({ baseURL, userAgent: "HarvestFeedReader/1.0" });
  const registered = await otherDevice.post("/api/auth/register", {
    data: { email, password, confirmPassword: password, firstName: "Gethin", lastName: "Rees", dateOfBirth: "1980-02-02" },
  });
  expect(registered.status()).toBe(200);

  await page.goto("/auth?mode=login");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByRole("tab", { name: "Profile" }).click();

  const devices = page.getByRole("list", { name: "Signed-in devices" });
  await expect(devices.getByRole("listitem")).toHaveCount(2);
  const thisDevice = devices.getByRole("listitem").filter({ hasText: "This device" });
  await expect(thisDevice).toHaveCount(1);
  await expect(thisDevice.getByRole("button", { name: /Sign out/ })).toHaveCount(0);

  const other = devices.getByRole("listitem").filter({ hasNotText: "This device" });
  await expect(other).toContainText("Last used");
  await other.getByRole("button", { name: /^Sign out/ }).click();
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  // That device's session really ended.
  const token = ((await registered.json()) as { token: string }).token;
  expect((await otherDevice.get("/api/auth/user", { headers: { "x-session-token": token } })).status()).toBe(401);

  // Two more devices, then all of them at once.
  for (const userAgent of ["HarvestFeedReader/2.0", "HarvestFeedReader/3.0"]) {
    const device = await playwright.request.newContext({ baseURL, userAgent });
    expect((await device.post("/api/auth/login", { data: { email, password } })).status()).toBe(200);
    await device.dispose();
  }
  await page.reload();
  await expect(devices.getByRole("listitem")).toHaveCount(3);
  await page.getByRole("button", { name: "Sign out of all other devices" }).click();
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await expect(devices.getByText("This device")).toBeVisible();
  await otherDevice.dispose();
});
