import { test } from "./fixtures";
import { checkoutReminderJourney } from "./checkout-reminder";

test("on a phone: the checkout left, the reminder's link back to the cart, one-click unsubscribe", async ({ page }) => {
  await checkoutReminderJourney(page, "390");
});
