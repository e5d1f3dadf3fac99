import { test } from "./fixtures";
import { relistJourney } from "./relist";

test("an admin relists a closed campaign from its card: a draft in the dialog, saved as a new competition on sale with new instant-win numbers", async ({
  page,
}) => {
  await relistJourney(page, "1280");
});
