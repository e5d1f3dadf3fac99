import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { entries, referrals, users } from "../../db/schema";
import { homeOf, mailboxOf } from "../../src/server/services/promotions/self-referral";
import { referralsTick } from "../../src/server/services/promotions/referral-rewards";
import { createUserWithSession } from "../factories/users";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { DAY, newIp, referralKit, referralsOn } from "../helpers/referrals";

// What someone farming referrals would try: accounts of their own through their own link, a reward
// kept after the money went back, staff referring, two runs of the job at once.

const db = createTestDb();
const api = await startTestServer(db, { config: { trustProxy: true } });
const kit = referralKit(db, api);
const admin = await createUserWithSession(db, "admin");
const later = (days: number) => new Date(Date.now() + days * DAY);
const unique = () => crypto.randomUUID().slice(0, 6);

/** A friend who joined through the link, verified, with a first paid order (by its own card and from its own address unless told). */
async function friendWithOrder(code: string, over: Record<string, unknown> = {}, buy: { ip?: string; card?: string } = {}) {
  const f = await kit.signUp(code, (over.email as string) ?? `friend-${unique()}@example.test`, over);
  await kit.verify(f.id);
  const orderId = await kit.buy(f.token, buy.ip ?? newIp(), buy.card ?? `sim_card_visa_${String(1000 + Math.floor(Math.random() * 8999))}`);
  return { ...f, orderId };
}

const refund = (orderId: string, amount?: string) =>
  kit.call(`/api/admin/orders/${orderId}/refund`, { token: admin.token, body: { reason: "Changed their mind", ...(amount ? { amount } : {}) } });

describe("a referral farmed with fresh accounts", () => {
  it("the same mailbox, home, card or address earns nothing; real-looking accounts past the monthly limit are capped", async () => {
    await referralsOn(db, { window: 0, cap: 5 });
    const farmerIp = newIp();
    const farmer = await kit.referrer({ email: `farmer.joe.${unique()}@gmail.com`, address: "1 Mill Lane, Upper Barnfield", postcode: "AB1 2CD" });
    await kit.buy(farmer.token, farmerIp, "sim_approve");
    const [local] = farmer.user.email.split("@");
    const tricks = [
      await friendWithOrder(farmer.code, { email: `${local!.replace(/\./g, "")}@googlemail.com` }),
      await friendWithOrder(farmer.code, { email: `${local!.split(".").join(".")}+spare@gmail.com`.replace("farmer.", "f.armer.") }),
      await friendWithOrder(farmer.code, { email: `cousin-${unique()}@example.test`, address: "1, MILL LANE", postcode: "ab12cd" }),
      await friendWithOrder(farmer.code, { email: `neighbour-${unique()}@example.test` }, { card: "sim_approve" }),
      await friendWithOrder(farmer.code, { email: `lodger-${unique()}@example.test` }, { ip: farmerIp }),
    ];
    const fresh = [];
    for (let i = 0; i < 6; i++) fresh.push(await friendWithOrder(farmer.code, { email: `real${i}-${unique()}@example.test`, firstName: `Real${i}` }));

    expect(await referralsTick(db)).toEqual({ started: 11, rewarded: 5, voided: 6 });
    const reasons = [];
    for (const t of tricks) reasons.push((await kit.referralOf(t.id))?.voidReason);
    expect(reasons).toEqual([
      "Self-referral: the same email address as the referrer",
      "Self-referral: the same email address as the referrer",
      "Self-referral: the same home address as the referrer",
      "Self-referral: paid with a card the referrer used",
      "Self-referral: ordered from an address the referrer ordered from",
    ]);
    for (const t of tricks) expect((await kit.creditOf(t.id)).pence).toBe(0);
    const outcomes = [];
    for (const f of fresh) outcomes.push((await kit.referralOf(f.id))?.status);
    expect(outcomes.filter((s) => s === "rewarded")).toHaveLength(5);
    expect((await db.select().from(referrals).where(eq(referrals.referrerId, farmer.user.id))).filter((r) => r.voidReason?.includes("limit"))).toHaveLength(1);
    expect((await kit.creditOf(farmer.user.id)).pence).toBe(2500);
  });

  it("reads one mailbox however it is spelt, and one home however it is written", () => {
    expect(mailboxOf("J.Smith+Farm@GoogleMail.com")).toBe("jsmith@gmail.com");
    expect(mailboxOf("j.smith+a+b@acres.test")).toBe("j.smith@acres.test");
    expect(mailboxOf("jsmith@acres.test")).not.toBe(mailboxOf("j.smith@acres.test"));
    expect(homeOf({ address: "12 Orchard Row\nLittle Hay", postcode: "ze1 0aa" })).toBe(homeOf({ address: "12, Orchard Row", postcode: "ZE10AA" }));
    expect(homeOf({ address: null, postcode: "ZE1 0AA" })).toBeNull();
  });
});

describe("a reward after a refund or a dispute", () => {
  it("a refund inside the window (of any amount) voids the referral: nothing is credited", async () => {
    await referralsOn(db, { window: 14 });
    const ref = await kit.referrer();
    const full = await friendWithOrder(ref.code);
    const part = await friendWithOrder(ref.code);
    await referralsTick(db);
    expect((await refund(full.orderId)).status).toBe(200);
    expect((await refund(part.orderId, "1.00")).status).toBe(200);
    expect(await kit.referralOf(full.id)).toMatchObject({ status: "void", voidReason: "The first order was refunded" });
    expect(await kit.referralOf(part.id)).toMatchObject({ status: "void", voidReason: "The first order was refunded" });
    expect(await referralsTick(db, later(15))).toMatchObject({ rewarded: 0 });
    expect((await kit.creditOf(ref.user.id)).pence).toBe(0);
    expect((await kit.creditOf(full.id)).pence).toBe(0);
  });

  it("a refund before the job has seen the order voids it too", async () => {
    await referralsOn(db, { window: 14 });
    const ref = await kit.referrer();
    const f = await friendWithOrder(ref.code);
    await refund(f.orderId);
    expect(await referralsTick(db, later(15))).toMatchObject({ rewarded: 0, voided: 1 });
    expect(await kit.referralOf(f.id)).toMatchObject({ status: "void", voidReason: "The first order was refunded" });
  });

  it("a refund after the reward takes both sides' credit back: what is left reversed, what was spent owed", async () => {
    await referralsOn(db, { window: 1, referrer: "5.00", referred: "5.00" });
    const ref = await kit.referrer();
    const f = await friendWithOrder(ref.code);
    await referralsTick(db);
    expect((await referralsTick(db, later(2))).rewarded).toBe(1);
    // The friend spends their £5.00 on two £2.50 tickets.
    const spent = await kit.call("/api/entries", {
      token: f.token,
      body: {
        competitionId: (await db.select().from(entries).where(eq(entries.orderId, f.orderId)))[0]!.competitionId,
        customerName: "Friend Joiner",
        customerEmail: "friend@example.test",
        answer: "green",
        quantity: 2,
        useCredit: true,
      },
    });
    expect(spent.status, spent.text).toBe(201);
    expect(spent.json.creditUsed).toBe("5.00");

    expect((await refund(f.orderId)).status).toBe(200);
    const r = await kit.referralOf(f.id);
    expect(r).toMatchObject({ status: "reversed", voidReason: "Taken back: the first order was refunded" });
    expect((await kit.creditOf(ref.user.id)).rows.map((w) => [w.kind, w.amountPence])).toEqual([
      ["referral", 500],
      ["reversal", -500],
    ]);
    expect((await kit.creditOf(f.id)).rows.filter((w) => w.reference === r!.id).map((w) => [w.kind, w.amountPence])).toEqual([
      ["referral", 500],
      ["owed", -500],
    ]);
    const wallet = await kit.call("/api/user/wallet", { token: f.token });
    expect(wallet.json).toMatchObject({ balance: "0.00", owed: "5.00" });
    expect((await kit.call("/api/user/referrals", { token: ref.token })).json).toMatchObject({
      earned: "0.00",
      referrals: [{ status: "reversed", earned: "0.00" }],
    });
    // A second refund or the job again changes nothing more.
    await referralsTick(db, later(3));
    expect((await kit.creditOf(ref.user.id)).rows).toHaveLength(2);
    const list = await kit.call("/api/admin/referrals?status=reversed", { token: admin.token });
    expect(list.json.totals.reversed).toBeGreaterThanOrEqual(1);
    expect(Number(list.json.totals.creditTakenBack)).toBeGreaterThanOrEqual(10);
  });

  it("a dispute inside the window voids the referral; after the reward it takes the credit back", async () => {
    await referralsOn(db, { window: 1 });
    const ref = await kit.referrer();
    const early = await friendWithOrder(ref.code);
    const late = await friendWithOrder(ref.code);
    await referralsTick(db);
    expect(await kit.dispute(early.orderId)).toBe("disputed");
    expect(await kit.referralOf(early.id)).toMatchObject({ status: "void", voidReason: "The first order's payment was disputed" });
    expect((await referralsTick(db, later(2))).rewarded).toBe(1);
    expect(await kit.dispute(late.orderId)).toBe("disputed");
    expect(await kit.referralOf(late.id)).toMatchObject({ status: "reversed", voidReason: "Taken back: the first order had its payment disputed" });
    expect((await kit.creditOf(ref.user.id)).pence).toBe(0);
    expect((await kit.creditOf(late.id)).pence).toBe(0);
  });
});

describe("who may refer", () => {
  it("staff cannot: a staff account's code sets no cookie and signs nobody up as its referral, and a referrer made staff earns nothing", async () => {
    await referralsOn(db, { window: 0 });
    const former = await kit.referrer();
    await db.update(users).set({ role: "admin" }).where(eq(users.id, former.user.id));
    const opened = await kit.open(`/r/${former.code}`);
    expect(opened.setCookie).toEqual([]);
    const f = await kit.signUp(former.code, `staffed-${unique()}@example.test`);
    expect(await kit.referralOf(f.id)).toBeUndefined();

    const ref = await kit.referrer();
    const friend = await friendWithOrder(ref.code);
    await db.update(users).set({ role: "admin" }).where(eq(users.id, ref.user.id));
    expect((await referralsTick(db)).voided).toBeGreaterThanOrEqual(1);
    expect(await kit.referralOf(friend.id)).toMatchObject({ status: "void", voidReason: "The referrer's account is closed or is a staff account" });
  });

  it("a customer on a break, self-excluded or restricted is not paid to bring others in: no link, no new referrals, no reward", async () => {
    await referralsOn(db, { window: 0 });
    const ref = await kit.referrer();
    const friend = await friendWithOrder(ref.code);
    await db
      .update(users)
      .set({ suspendedUntil: later(180), suspensionKind: "self_exclusion" })
      .where(eq(users.id, ref.user.id));
    expect((await kit.call("/api/user/referrals", { token: ref.token })).json).toMatchObject({
      link: null,
      reason: "Your share link rests while your account is on a break, self-excluded or restricted.",
    });
    expect((await kit.open(`/r/${ref.code}`)).setCookie).toEqual([]);
    const late = await kit.signUp(ref.code, `excluded-${unique()}@example.test`);
    expect(await kit.referralOf(late.id)).toBeUndefined();
    await referralsTick(db);
    expect(await kit.referralOf(friend.id)).toMatchObject({ status: "void", voidReason: "The referrer is on a break, self-excluded or restricted" });
    expect((await kit.creditOf(ref.user.id)).pence).toBe(0);
  });

  it("a friend who never confirms their email address earns nobody anything", async () => {
    await referralsOn(db, { window: 0 });
    const ref = await kit.referrer();
    const f = await kit.signUp(ref.code, `unconfirmed-${unique()}@example.test`);
    await kit.buy(f.token);
    await referralsTick(db);
    expect(await kit.referralOf(f.id)).toMatchObject({ status: "void", voidReason: "The new customer never confirmed their email address" });
  });

  it("two runs of the job at once reward once", async () => {
    await referralsOn(db, { window: 1 });
    const ref = await kit.referrer();
    const f = await friendWithOrder(ref.code);
    await referralsTick(db);
    const [a, b] = await Promise.all([referralsTick(db, later(2)), referralsTick(db, later(2))]);
    expect(a.rewarded + b.rewarded).toBe(1);
    expect((await kit.creditOf(ref.user.id)).rows).toHaveLength(1);
    expect((await kit.creditOf(f.id)).rows).toHaveLength(1);
  });
});
