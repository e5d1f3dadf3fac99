import type { Page } from "@playwright/test";
import { createSessionFor, expect, signInAs, test, withShopDb } from "./fixtures";
import { closeEarlyOf } from "../helpers/close-early";
import { ownCompetition, screenshot } from "./shop";

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("on a phone, the home page counts down to the live draw and opens /live, which fits the screen", async ({ page }) => {
  const evening = (await (await page.request.get("/api/live")).json()) as { drawAt: string };
  await page.goto("/");
  const section = page.getByRole("region", { name: "Next Live Draw" });
  // The real time, not the spec's placeholder: the days shown are those left until drawAt.
  const days = Math.max(Math.floor((Date.parse(evening.drawAt) - Date.now()) / 86_400_000), 0);
  await expect(section.getByRole("timer")).toHaveAttribute("aria-label", new RegExp(`^${days} days?, \\d+ hours?, \\d+ minutes? to go$`));
  await section.getByRole("link").click();
  await expect(page).toHaveURL(/\/live$/);
  await expect(page.getByRole("heading", { name: "Live Draw", level: 1 })).toBeVisible();
  await expect(page.getByRole("timer").first()).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, "live-phone");
});

test("on a phone, a winner claims the prize from the claim link", async ({ page }) => {
  const competition = await ownCompetition({ title: "E2E Phone Trailer", question: "What pulls a trailer?", answer: "tractor" }, { cashAlternative: "£900" });
  const admin = await createSessionFor("admin");
  const winner = await signInAs(page, "user", "Nia");
  await withShopDb((db) => db.$client.prepare("update users set email_verified = 1 where email = ?").run(winner.email));
  const bought = await page.request.post("/api/entries", {
    headers: { "x-session-token": winner.token },
    data: { competitionId: competition.id, customerName: "Nia Tester", customerEmail: winner.email, answer: "tractor", quantity: 1 },
  });
  expect(bought.status()).toBe(201);
  const drawn = await page.request.post(`/api/admin/competitions/${competition.id}/draw`, {
    headers: { "x-session-token": admin.token },
    data: { closeEarly: closeEarlyOf(competition) },
  });
  expect(drawn.status()).toBe(200);

  // My Wins leads to the claim.
  await page.goto("/account?tab=wins");
  await page.getByRole("link", { name: `Claim your prize for ${competition.title}` }).click();
  const form = page.getByRole("form", { name: "Claim your prize" });
  await form.getByLabel("Confirm your date of birth").fill("1984-03-09");
  await form.getByLabel("The prize").check();
  await form.getByLabel("Phone number").fill("07700 900456");
  await form.getByLabel("Address line 1").fill("Fferm Uchaf");
  await form.getByLabel("Town or city").fill("Dolgellau");
  await form.getByLabel("Postcode").fill("LL40 1AA");
  await form.getByRole("checkbox", { name: /I confirm I am 18 or over/ }).check();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await form.getByRole("button", { name: "Claim my prize" }).click();
  await expect(page.getByText("Claim received").first()).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, "claim-phone");
  // Nothing ticked about publishing: the gallery names no one.
  const gallery = (await (await page.request.get("/api/winners")).json()) as Array<{ competitionId: string; customerName: string }>;
  expect(gallery.find((w) => w.competitionId === competition.id)?.customerName).toBe("A lucky winner");
});
