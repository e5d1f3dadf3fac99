import { createSessionFor, expect, signInAs, test, withShopDb } from "./fixtures";
import { ownCompetition, screenshot } from "./shop";

const HOUR = 3_600_000;

/** "Wednesday 23:40": the weekday and time in London of an instant, as the live_draw_schedule setting reads. */
function londonSchedule(at: Date): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    weekday: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get("weekday")} ${get("hour")}:${get("minute")}`;
}

/** The winner's mail, as the outbox holds it: the claim link in its text. */
function claimLinkMailedTo(email: string): Promise<string | null> {
  return withShopDb((db) => {
    const row = db.$client
      .prepare("select text from mail_outbox where lower(\"to\") = ? and kind = 'winner' order by created_at desc")
      .get(email.toLowerCase()) as { text: string } | undefined;
    return row ? (/https?:\/\/\S+\/account\/claims\/[\w-]+/.exec(row.text)?.[0] ?? null) : null;
  });
}

test("draw night: the admin runs the draw on /admin/live while a visitor watches /live; the winner claims the cash alternative from the mail; staff mark it paid", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await createSessionFor("admin");
  const adminHeaders = { "x-session-token": admin.token };
  // Tonight's draw, three hours from now (UK time), so this competition is on tonight's running order.
  const drawAt = new Date(Math.ceil((Date.now() + 3 * HOUR) / 60_000) * 60_000);
  const schedule = londonSchedule(drawAt);
  const before = (await (await page.request.get("/api/admin/settings", { headers: adminHeaders })).json()) as Array<{ key: string; value: string }>;
  const previousSchedule = before.find((s) => s.key === "live_draw_schedule")!.value;
  expect((await page.request.put("/api/admin/settings/live_draw_schedule", { headers: adminHeaders, data: { value: schedule } })).status()).toBe(200);

  try {
    const competition = await ownCompetition(
      { title: "E2E Live Baler", question: "What does a baler make?", answer: "bales" },
      {
        endDate: new Date(drawAt.getTime() - HOUR).toISOString(),
        startDate: new Date(Date.now() - 2 * 24 * HOUR).toISOString(),
        drawDate: drawAt.toISOString(),
        drawMode: "live",
        cashAlternative: "£4,000",
        prizeDetails: "A round baler, delivered. Cash alternative £4,000.",
      },
    );

    // The winner holds every ticket, with a confirmed email address (claiming needs one).
    const winnerContext = await browser.newContext();
    const winnerPage = await winnerContext.newPage();
    const winner = await signInAs(winnerPage, "user", "Wyn");
    await withShopDb((db) => db.$client.prepare("update users set email_verified = 1 where email = ?").run(winner.email));
    const bought = await page.request.post("/api/entries", {
      headers: { "x-session-token": winner.token },
      data: { competitionId: competition.id, customerName: "Wyn Tester", customerEmail: winner.email, answer: "bales", quantity: 3 },
    });
    expect(bought.status()).toBe(201);
    // Sales closed at the end date, before the evening: the live draw at the scheduled time may run.
    await withShopDb((db) => db.$client.prepare("update competitions set end_date = ? where id = ?").run(Date.now() - 60_000, competition.id));

    // A visitor watches /live: the competition is on tonight's running order, not yet drawn.
    const viewerContext = await browser.newContext();
    const viewer = await viewerContext.newPage();
    await viewer.goto("/live");
    await expect(viewer.getByRole("heading", { name: "Live Draw", level: 1 })).toBeVisible();
    const card = viewer.getByRole("article").filter({ hasText: competition.title });
    await expect(card).toBeVisible();
    await expect(card.getByText("3 of 1,000 tickets sold")).toBeVisible();

    // The admin runs it from the running order.
    await signInAs(page, "admin");
    await page.goto("/admin/live");
    const row = page.getByRole("article").filter({ hasText: competition.title });
    await row.getByRole("button", { name: `Run draw for ${competition.title}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Run draw" }).click();
    await expect(row.getByText("Wyn T.").first()).toBeVisible();

    // The visitor sees the result appear without reloading, and checks it.
    await expect(card.getByText("Wyn T.").first()).toBeVisible({ timeout: 10_000 });
    await screenshot(viewer, "live-result");
    await card.getByRole("link", { name: "Verify this draw" }).click();
    await expect(viewer).toHaveURL(new RegExp(`/competition/${competition.id}/draw$`));
    await viewer.getByRole("button", { name: "Verify" }).click();
    await expect(viewer.getByText("Verified: the published draw matches.")).toBeVisible();
    await viewerContext.close();

    // The winner follows the mail's claim link and takes the cash alternative.
    await expect.poll(() => claimLinkMailedTo(winner.email)).not.toBeNull();
    const link = (await claimLinkMailedTo(winner.email))!;
    await winnerPage.goto(new URL(link).pathname);
    const form = winnerPage.getByRole("form", { name: "Claim your prize" });
    await form.getByLabel("Confirm your date of birth").fill("1984-03-09");
    await form.getByLabel("The cash alternative (£4,000)").check();
    await form.getByLabel("Phone number").fill("07700 900123");
    await form.getByLabel("Address line 1").fill("Ty Gwyn Farm");
    await form.getByLabel("Town or city").fill("Bala");
    await form.getByLabel("Postcode").fill("LL23 7AA");
    await form.getByRole("checkbox", { name: /I confirm I am 18 or over/ }).check();
    // Asked whether the gallery may show them: the name yes, the photo no.
    await form
      .getByRole("group", { name: "May we publish your name and photo?" })
      .getByLabel(/publish my first name/)
      .check();
    await screenshot(winnerPage, "claim-form");
    await form.getByRole("button", { name: "Claim my prize" }).click();
    await expect(winnerPage.getByText("Claim received").first()).toBeVisible();
    await screenshot(winnerPage, "claim-received");
    const gallery = (await (await page.request.get("/api/winners")).json()) as Array<{ competitionId: string; customerName: string; photo: string | null }>;
    expect(gallery.find((w) => w.competitionId === competition.id)).toMatchObject({ customerName: expect.stringMatching(/^Wyn T\./), photo: null });

    // Staff pay it and record the reference.
    await page.goto("/admin/winners");
    const claimRow = page.getByRole("row").filter({ hasText: competition.title });
    await claimRow.getByRole("button", { name: "Mark paid" }).click();
    const dialog = page.getByRole("dialog", { name: "Mark paid" });
    await dialog.getByLabel("Payment reference").fill("FPS-E2E-0001");
    await dialog.getByRole("button", { name: "Mark paid" }).click();
    await expect(claimRow.getByText("Paid", { exact: true })).toBeVisible();
    await screenshot(page, "admin-claims");

    // The winner sees it paid in My Wins.
    await winnerPage.goto("/account?tab=wins");
    const win = winnerPage.getByRole("listitem", { name: competition.title });
    await expect(win.getByText("Paid", { exact: true })).toBeVisible();
    await screenshot(winnerPage, "my-wins");
    await winnerContext.close();
  } finally {
    await page.request.put("/api/admin/settings/live_draw_schedule", { headers: adminHeaders, data: { value: previousSchedule } });
  }
});
