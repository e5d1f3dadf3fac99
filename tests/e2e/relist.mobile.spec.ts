import { test } from "./fixtures";
import { relistJourney } from "./relist";

test("an admin relists a closed campaign on a phone: the card's Relist, the draft in the dialog, the copy on sale", async ({ page }) => {
  await relistJourney(page, "390");
});
