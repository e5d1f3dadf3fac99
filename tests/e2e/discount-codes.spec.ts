import { discountCodeJourney } from "./discount-codes";
import { test } from "./fixtures";

test("an admin creates a discount code; a customer uses it from the entry form and in the cart, paying less, and the admin sees its uses", async ({ page }) => {
  await discountCodeJourney(page, "1280");
});
