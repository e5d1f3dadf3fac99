import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { winners } from "../../db/schema";
import { ensureDefaultSettings } from "../../src/server/services/settings";
import { createCompetition } from "../factories/competitions";
import { anonCaller, tokenCaller } from "../helpers/account";
import { createTestDb } from "../helpers/db";
import { account, buyerOf, claimForm, wonAt } from "../helpers/winners";

/**
 * The winners gallery (GET /winners, the home page's Recent Winners) shows only what a winner allowed
 * on their claim form: their name, their photo. Winners an admin entered by hand are shown as entered.
 */
const db = createTestDb();
await ensureDefaultSettings(db);
const admin = await account(db, { role: "admin" });
const staff = () => tokenCaller(db, admin.token);
const DOB = "1985-06-15"; // the factory's date of birth
const PHOTO = "/images/winner-1.svg";

async function galleryEntry(winnerId: string) {
  const shown = (await anonCaller(db).public.content.winners()).find((w) => w.id === winnerId);
  expect(shown).toBeDefined();
  return shown!;
}

/** A drawn winner whose photo the shop has added (as staff do once they have one). */
async function drawnWinner() {
  const winner = await account(db, { firstName: "Ffion", lastName: "Jones" });
  const { claim } = await wonAt(db, new Date(), buyerOf(winner.user));
  await db.update(winners).set({ photo: PHOTO }).where(eq(winners.id, claim.winnerId));
  return { winner, claim };
}

describe("the winners gallery respects what the winner allowed", () => {
  it("shows a drawn winner not yet asked as 'A lucky winner' with no photo", async () => {
    const { claim } = await drawnWinner();
    expect(await galleryEntry(claim.winnerId)).toMatchObject({ customerName: "A lucky winner", photo: null });
    const staffView = (await (await staff()).admin.winners.list()).find((w) => w.id === claim.winnerId);
    expect(staffView).toMatchObject({ customerName: expect.stringMatching(/^Ffion J\./), photo: PHOTO, publishName: null, publishPhoto: null });
  });

  it("shows the name but not the photo when only the name is allowed, and tells staff", async () => {
    const { winner, claim } = await drawnWinner();
    await (await tokenCaller(db, winner.token)).customer.claims.submit({ id: claim.id, ...claimForm(DOB, { publishName: true, publishPhoto: false }) });
    const shown = await galleryEntry(claim.winnerId);
    expect(shown.customerName).toMatch(/^Ffion J\./);
    expect(shown.photo).toBeNull();
    expect((await (await staff()).admin.winners.list()).find((w) => w.id === claim.winnerId)).toMatchObject({
      publishName: true,
      publishPhoto: false,
      photo: PHOTO,
    });
  });

  it("shows the photo but not the name when only the photo is allowed", async () => {
    const { winner, claim } = await drawnWinner();
    await (await tokenCaller(db, winner.token)).customer.claims.submit({ id: claim.id, ...claimForm(DOB, { publishPhoto: true }) });
    expect(await galleryEntry(claim.winnerId)).toMatchObject({ customerName: "A lucky winner", photo: PHOTO });
  });

  it("a claim that says nothing allows nothing; both ticked shows both", async () => {
    const silent = await drawnWinner();
    await (await tokenCaller(db, silent.winner.token)).customer.claims.submit({ id: silent.claim.id, ...claimForm(DOB) });
    expect(await galleryEntry(silent.claim.winnerId)).toMatchObject({ customerName: "A lucky winner", photo: null });

    const proud = await drawnWinner();
    await (
      await tokenCaller(db, proud.winner.token)
    ).customer.claims.submit({ id: proud.claim.id, ...claimForm(DOB, { publishName: true, publishPhoto: true }) });
    const shown = await galleryEntry(proud.claim.winnerId);
    expect(shown.customerName).toMatch(/^Ffion J\./);
    expect(shown.photo).toBe(PHOTO);
  });

  it("keeps showing a winner an admin entered by hand (as the demo winners are), name and photo as entered", async () => {
    const c = await createCompetition(db, { title: "Hand-entered Harrow" });
    const added = await (await staff()).admin.winners.create({ competitionId: c.id, customerName: "Nia W., Bala", photo: PHOTO });
    expect(await galleryEntry(added.id)).toMatchObject({ customerName: "Nia W., Bala", photo: PHOTO });
  });
});
