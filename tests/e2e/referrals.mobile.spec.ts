import { test } from "./fixtures";
import { referralJourney } from "./referrals";

test("on a phone: the share link copied, the friend's sign-up and first order through it, both rewarded", async ({ page, browser }, testInfo) => {
  await referralJourney(page, browser, testInfo, "390");
});
