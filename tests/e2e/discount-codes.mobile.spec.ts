import { discountCodeJourney } from "./discount-codes";
import { test } from "./fixtures";

test("on a 390px phone: an admin creates a discount code and a customer pays less with it, from the entry form and in the cart", async ({ page }) => {
  await discountCodeJourney(page, "390");
});
