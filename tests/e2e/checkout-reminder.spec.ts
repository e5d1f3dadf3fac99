import { test } from "./fixtures";
import { checkoutReminderJourney } from "./checkout-reminder";

test("a customer who left a checkout gets one reminder after the operator's delay, comes back to the cart by its link, and unsubscribes with one click", async ({
  page,
}) => {
  await checkoutReminderJourney(page, "1280");
});
