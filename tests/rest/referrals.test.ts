import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { referrals, users } from "../../db/schema";
import { referralsTick } from "../../src/server/services/promotions/referral-rewards";
import { createUser, createUserWithSession } from "../factories/users";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { DAY, newIp, referralKit, referralsOn, setSetting } from "../helpers/referrals";

// Issue #33 item 1: refer a friend. A verified customer's share link (/r/{code}) leaves a cookie; an
// account made with it is the customer's referral; the friend's first paid order starts the refund
// window, and once it has passed both sides get the operator's site credit, once.

const db = createTestDb();
const api = await startTestServer(db, { config: { trustProxy: true } });
const kit = referralKit(db, api);
const later = (days: number) => new Date(Date.now() + days * DAY);

describe("GET /api/user/referrals", () => {
  it("is a signed-in customer's own: 401 without a session, and the admin's list is 403 to a customer", async () => {
    expect((await kit.call("/api/user/referrals")).status).toBe(401);
    const { token } = await createUserWithSession(db);
    expect((await kit.call("/api/admin/referrals", { token })).status).toBe(403);
    expect((await kit.call("/api/admin/referrals")).status).toBe(401);
  });

  it("gives no link while referrals are off, before the email is confirmed, nor to staff; a verified customer's is /r/{code}, the same every time", async () => {
    await setSetting(db, "referrals_enabled", "false");
    const verified = await createUser(db, { emailVerified: true });
    const { createSession } = await import("../../src/server/auth/session");
    const token = (await createSession(db, verified.id)).token;
    const off = await kit.call("/api/user/referrals", { token });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ enabled: false, link: null, reason: "Refer a friend is not running at the moment." });

    await referralsOn(db);
    const on = await kit.call("/api/user/referrals", { token });
    expect(on.json).toMatchObject({
      enabled: true,
      reason: null,
      referrerReward: "5.00",
      referredReward: "5.00",
      monthlyRewards: 5,
      windowDays: 14,
      referrals: [],
      earned: "0.00",
    });
    expect(on.json.link).toMatch(new RegExp(`^${api.origin}/r/[0-9a-f]{10}$`));
    expect((await kit.call("/api/user/referrals", { token })).json.link).toBe(on.json.link);

    const unverified = await createUserWithSession(db);
    expect((await kit.call("/api/user/referrals", { token: unverified.token })).json).toMatchObject({
      link: null,
      reason: "Confirm your email address to get your share link.",
    });
    const staff = await createUserWithSession(db, "admin");
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, staff.user.id));
    expect((await kit.call("/api/user/referrals", { token: staff.token })).json).toMatchObject({
      link: null,
      reason: "Staff accounts cannot refer customers.",
    });
    // A staff account's code (every account has one, from its id) brings nobody in.
    const staffCode = (await db.select({ code: users.referralCode }).from(users).where(eq(users.id, staff.user.id)))[0]!.code!;
    expect(staffCode).toMatch(/^[0-9a-f]{10}$/);
    expect((await kit.open(`/r/${staffCode}`)).cookie).toBeNull();
  });
});

describe("/r/{code}", () => {
  it("sets an httpOnly, SameSite=Lax cookie for 30 days and sends the visitor on to the page it was shared from", async () => {
    await referralsOn(db);
    const { code } = await kit.referrer();
    const home = await kit.open(`/r/${code}`);
    expect(home.status).toBe(302);
    expect(home.location).toBe("/");
    expect(home.setCookie).toHaveLength(1);
    expect(home.setCookie[0]).toMatch(new RegExp(`^referral=${code}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax$`));
    const page = await kit.open(`/r/${code}?to=${encodeURIComponent("/competition/abc-123?ref=share")}`);
    expect(page.location).toBe("/competition/abc-123?ref=share");
  });

  it("never sends the visitor to another site, and an unknown or malformed code sets nothing", async () => {
    await referralsOn(db);
    const { code } = await kit.referrer();
    for (const to of ["https://evil.test/", "//evil.test/x", "/\\evil.test", "javascript:alert(1)", "/%2F%2Fevil.test", "competition/1"]) {
      const res = await kit.open(`/r/${code}?to=${encodeURIComponent(to)}`);
      expect([res.status, res.location], to).toEqual([302, "/"]);
    }
    for (const bad of ["zzzzzzzz", "ABCDEFGH", "short", "a'or'1=1"]) {
      const res = await kit.open(`/r/${encodeURIComponent(bad)}?to=/competitions`);
      expect([res.status, res.location, res.setCookie], bad).toEqual([302, "/competitions", []]);
    }
  });
});

describe("a friend who joins through the link", () => {
  it("is recorded at sign-up (first name only on the referrer's page), and the cookie is cleared", async () => {
    await referralsOn(db);
    const ref = await kit.referrer();
    const friend = await kit.signUp(ref.code, `hedge-${crypto.randomUUID().slice(0, 6)}@example.test`, { firstName: "Hazel", lastName: "Thornbury" });
    expect(friend.res.headers.getSetCookie().some((c) => /^referral=; Max-Age=0/.test(c))).toBe(true);
    expect(await kit.referralOf(friend.id)).toMatchObject({ referrerId: ref.user.id, status: "joined" });
    const mine = await kit.call("/api/user/referrals", { token: ref.token });
    expect(mine.json.referrals).toEqual([{ firstName: "Hazel", joinedAt: expect.any(String), status: "joined", earned: "0.00" }]);
    expect(JSON.stringify(mine.json)).not.toContain("Thornbury");
    // Both customers' data exports say so.
    const exportOf = async (token: string) =>
      (
        (await (await fetch(`${api.url}/api/user/export`, { headers: { "x-session-token": token, "x-forwarded-for": newIp() } })).json()) as {
          marketing: { referrals: unknown };
        }
      ).marketing.referrals;
    expect(await exportOf(ref.token)).toEqual({
      code: ref.code,
      joinedThrough: null,
      referred: [{ firstName: "Hazel", status: "joined", joinedAt: expect.any(String), earned: "0.00" }],
    });
    expect(await exportOf(friend.token)).toEqual({
      code: expect.stringMatching(/^[0-9a-f]{10}$/),
      joinedThrough: { firstName: ref.user.firstName, status: "joined", joinedAt: expect.any(String) },
      referred: [],
    });
    // Without the cookie, or with referrals off, nothing is recorded.
    const plain = await kit.signUp(null, `plain-${crypto.randomUUID().slice(0, 6)}@example.test`);
    expect(await kit.referralOf(plain.id)).toBeUndefined();
    await setSetting(db, "referrals_enabled", "false");
    const whileOff = await kit.signUp(ref.code, `off-${crypto.randomUUID().slice(0, 6)}@example.test`);
    expect(await kit.referralOf(whileOff.id)).toBeUndefined();
  });

  it("first paid order → waiting for the window → both credited once, however often the job runs", async () => {
    await referralsOn(db, { window: 14, referrer: "5.00", referred: "3.50" });
    const ref = await kit.referrer();
    const friend = await kit.signUp(ref.code, `fresh-${crypto.randomUUID().slice(0, 6)}@example.test`, { firstName: "Rowan" });
    await kit.verify(friend.id);
    expect(await referralsTick(db)).toEqual({ started: 0, rewarded: 0, voided: 0 });
    const orderId = await kit.buy(friend.token);
    await kit.buy(friend.token);
    expect((await referralsTick(db)).started).toBe(1);
    const waiting = await kit.referralOf(friend.id);
    expect(waiting).toMatchObject({ status: "waiting", orderId });
    expect(waiting!.qualifiesAt!.getTime() - Date.now()).toBeGreaterThan(13.9 * DAY);
    // Inside the window: nothing yet.
    expect((await referralsTick(db, later(13))).rewarded).toBe(0);
    expect((await kit.creditOf(ref.user.id)).pence).toBe(0);

    expect((await referralsTick(db, later(15))).rewarded).toBe(1);
    expect((await referralsTick(db, later(15))).rewarded).toBe(0);
    expect((await kit.creditOf(ref.user.id)).rows).toMatchObject([{ kind: "referral", amountPence: 500, reference: waiting!.id }]);
    expect((await kit.creditOf(friend.id)).rows).toMatchObject([{ kind: "referral", amountPence: 350, reference: waiting!.id }]);
    expect(await kit.referralOf(friend.id)).toMatchObject({ status: "rewarded", referrerRewardPence: 500, referredRewardPence: 350 });

    const mine = await kit.call("/api/user/referrals", { token: ref.token });
    expect(mine.json).toMatchObject({ earned: "5.00", referrals: [{ firstName: "Rowan", status: "rewarded", earned: "5.00" }] });
    const theirs = await kit.call("/api/user/referrals", { token: friend.token });
    expect(theirs.json.joinedThrough).toEqual({ firstName: ref.user.firstName, status: "rewarded", earned: "3.50" });
    const wallet = await kit.call("/api/user/wallet", { token: friend.token });
    expect(wallet.json.balance).toBe("3.50");
  });

  it("stops at the referrer's monthly limit: friends past it earn nothing, with the reason", async () => {
    await referralsOn(db, { window: 0, cap: 2 });
    const ref = await kit.referrer();
    const friends = [];
    for (let i = 0; i < 3; i++) {
      const f = await kit.signUp(ref.code, `capped${i}-${crypto.randomUUID().slice(0, 6)}@example.test`, { firstName: `Friend${i}` });
      await kit.verify(f.id);
      await kit.buy(f.token);
      friends.push(f);
    }
    // A window of 0 days: rewarded in the run that sees the order.
    const tick = await referralsTick(db);
    expect(tick).toEqual({ started: 3, rewarded: 2, voided: 1 });
    const rows = await db.select().from(referrals).where(eq(referrals.referrerId, ref.user.id));
    expect(rows.map((r) => r.status).sort()).toEqual(["rewarded", "rewarded", "void"]);
    expect(rows.find((r) => r.status === "void")?.voidReason).toBe("The referrer reached this month's limit of 2 rewards");
    expect((await kit.creditOf(ref.user.id)).pence).toBe(1000);
  });

  it("earns nothing once the operator has switched referrals off, and the admin sees why", async () => {
    await referralsOn(db, { window: 1 });
    const ref = await kit.referrer();
    const f = await kit.signUp(ref.code, `switched-${crypto.randomUUID().slice(0, 6)}@example.test`);
    await kit.verify(f.id);
    await kit.buy(f.token);
    await referralsTick(db);
    await setSetting(db, "referrals_enabled", "false");
    expect((await referralsTick(db, later(2))).voided).toBe(1);
    expect(await kit.referralOf(f.id)).toMatchObject({ status: "void", voidReason: "Referrals were switched off" });
    expect((await kit.creditOf(f.id)).pence).toBe(0);

    const admin = await createUserWithSession(db, "admin");
    const list = await kit.call("/api/admin/referrals", { token: admin.token, headers: {} });
    expect(list.status).toBe(200);
    expect(list.json.enabled).toBe(false);
    expect(list.json.totals).toMatchObject({ void: expect.any(Number), rewarded: expect.any(Number), creditGiven: expect.stringMatching(/^\d+\.\d\d$/) });
    const voided = await kit.call(`/api/admin/referrals?status=void&pageSize=200`, { token: admin.token });
    expect(voided.json.items.find((r: { referred: { id: string } }) => r.referred.id === f.id)).toMatchObject({
      status: "void",
      reason: "Referrals were switched off",
      referrer: { id: ref.user.id, email: ref.user.email },
    });
  });
});
