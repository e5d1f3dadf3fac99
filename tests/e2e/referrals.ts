import type { Browser, Page, TestInfo } from "@playwright/test";
import { and, desc, eq } from "drizzle-orm";
import { mailOutbox, settings, users } from "../../db/schema";
import { referralsTick } from "../../src/server/services/promotions/referral-rewards";
import { expect, signInAs, withShopDb } from "./fixtures";
import { CARDS, enterCompetition, ownCompetition, payDirect, screenshot } from "./shop";

const DAY = 86_400_000;

async function setting(key: string, value: string) {
  await withShopDb((db) => db.update(settings).set({ value }).where(eq(settings.key, key)));
}

/** The verification link mailed to `to`, as a path. */
async function verifyLink(to: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const mail = await withShopDb((db) =>
        db
          .select({ text: mailOutbox.text })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, "email_verification")))
          .orderBy(desc(mailOutbox.createdAt))
          .get(),
      );
      const url = mail?.text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname === "/auth/verify");
      found = url ? `${new URL(url).pathname}${new URL(url).search}` : undefined;
      return found;
    })
    .toBeTruthy();
  return found!;
}

/**
 * Issue #33 item 1, as customers meet it: a verified customer copies their share link from the account;
 * a new visitor (a browser of their own) opens it with a competition's path, lands on that competition,
 * signs up, confirms the address and buys; the server's referral job starts the refund window and,
 * once it has passed, both see the reward: the friend in their site credit, the customer on the Refer
 * a Friend tab. Run at 1280 and 390 px (referrals.spec.ts, referrals.mobile.spec.ts).
 */
export async function referralJourney(page: Page, browser: Browser, testInfo: TestInfo, width: string): Promise<void> {
  await setting("referrals_enabled", "true");
  await setting("referral_window_days", "1");
  await setting("referral_referrer_reward", "5.00");
  await setting("referral_referred_reward", "5.00");
  const referrer = await signInAs(page, "user", "Martha");
  await withShopDb((db) => db.update(users).set({ emailVerified: true }).where(eq(users.email, referrer.email)));
  const c = await ownCompetition({ title: `E2E Referral Quad Bike ${width}`, price: "2.00" });

  await page.goto("/account?tab=refer");
  const shareLink = page.getByLabel("Your share link");
  await expect(shareLink).toHaveValue(/\/r\/[0-9a-f]{10}$/);
  await expect(page.getByText("When a friend signs up through your link and pays for their first order, you get £5.00 and they get £5.00")).toBeVisible();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy share link" }).click();
  await expect(page.getByRole("button", { name: "share link copied" })).toBeVisible();
  const link = await shareLink.inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await screenshot(page, `referrals-link-${width}`);

  // On the competition's page, the customer's link for that competition (a browser without a share sheet copies it).
  await page.goto(`/competition/${c.id}`);
  await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined }));
  await page.getByRole("button", { name: "Share with a friend" }).click();
  const status = page.getByTestId("share-status");
  await expect(status).toHaveText(`Link copied: ${link}?to=%2Fcompetition%2F${c.id}`);
  const competitionLink = await page.evaluate(() => navigator.clipboard.readText());
  expect(competitionLink).toBe(`${link}?to=%2Fcompetition%2F${c.id}`);
  await screenshot(page, `referrals-share-competition-${width}`, false);

  // A friend, in a browser of their own, opens the link shared from the competition's page.
  const use = testInfo.project.use;
  const friendContext = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    userAgent: use.userAgent,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
  });
  const friend = await friendContext.newPage();
  await friend.goto(`${new URL(competitionLink).pathname}${new URL(competitionLink).search}`);
  await expect(friend).toHaveURL(new RegExp(`/competition/${c.id}$`));
  await expect(friend.getByRole("heading", { name: c.title })).toBeVisible();
  expect((await friendContext.cookies()).find((k) => k.name === "referral")).toMatchObject({ httpOnly: true, sameSite: "Lax" });

  const email = `friend-${crypto.randomUUID().slice(0, 8)}@example.test`;
  await friend.goto("/auth?mode=register");
  await friend.getByLabel("First Name").fill("Dilys");
  await friend.getByLabel("Last Name").fill("Hopkins");
  await friend.getByLabel("Email Address").fill(email);
  await friend.getByLabel("Password", { exact: true }).fill("sheepdog-trials");
  await friend.getByLabel("Confirm Password").fill("sheepdog-trials");
  await friend.getByLabel("Date of Birth").fill("1991-04-12");
  await friend.getByRole("button", { name: "Create Account" }).click();
  await expect(friend).toHaveURL(/\/account$/);
  await friend.goto(await verifyLink(email));
  await expect(friend.getByRole("heading", { name: "Email address confirmed" })).toBeVisible();

  await enterCompetition(friend, { ...c }, c.answer, 2, "Dilys Hopkins");
  await payDirect(friend, CARDS.approve);
  await expect(friend.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

  // The referrer sees the friend by first name, waiting on their first order.
  await page.goto("/account?tab=refer");
  await expect(page.getByRole("list", { name: "Friends who joined" }).getByText("Dilys")).toBeVisible();

  // The server's job (as its timer runs it): the order starts the refund window; two days on, both are rewarded.
  await withShopDb(async (db) => {
    await referralsTick(db);
    await referralsTick(db, new Date(Date.now() + 2 * DAY));
  });

  await page.reload();
  const friends = page.getByRole("list", { name: "Friends who joined" });
  await expect(friends.getByText("Rewarded")).toBeVisible();
  await expect(page.getByTestId("referrals-earned")).toHaveText("£5.00");
  await screenshot(page, `referrals-rewarded-referrer-${width}`);

  await friend.goto("/account?tab=credit");
  await expect(friend.getByTestId("wallet-balance")).toHaveText("£5.00");
  await expect(friend.getByText(/you joined through Martha's link/i)).toBeVisible();
  await screenshot(friend, `referrals-rewarded-friend-${width}`);
  await friend.goto("/account?tab=refer");
  await expect(friend.getByTestId("joined-through")).toContainText("You joined through Martha's link: rewarded (£5.00 of site credit).");
  await friendContext.close();

  // The operator sees the referral among the totals, and can switch referrals off (and on again) from there.
  const adminContext = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    userAgent: use.userAgent,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
  });
  const admin = await adminContext.newPage();
  await signInAs(admin, "admin");
  await admin.goto("/admin/referrals");
  await expect(admin.getByRole("heading", { name: "Referrals", level: 1 })).toBeVisible();
  const row = admin.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Rewarded");
  await expect(row).toContainText(referrer.email);
  await screenshot(admin, `referrals-admin-${width}`);
  await admin.getByRole("button", { name: "Switch referrals off" }).click();
  await expect(admin.getByText("Referrals are off: no share links are given and nothing more is rewarded.")).toBeVisible();
  await admin.getByRole("button", { name: "Switch referrals on" }).click();
  await expect(admin.getByText("Referrals are on.")).toBeVisible();
  await adminContext.close();
}
