import { test } from "./fixtures";
import { referralJourney } from "./referrals";

test("a customer copies their share link; a friend who opens it, signs up, confirms and buys earns them both site credit after the refund window", async ({
  page,
  browser,
}, testInfo) => {
  await referralJourney(page, browser, testInfo, "1280");
});
