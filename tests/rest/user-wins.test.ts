import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../db/client";
import { entries, users, winners } from "../../db/schema";
import { noopMailer } from "../../src/server/mail/mailer";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { commitInstantPrizes, unitsOf } from "../../src/server/services/competitions/instant-wins";
import { placeOrder, refundOrder } from "../../src/server/services/purchase";
import { claimGuestCredit } from "../../src/server/services/wallet";
import { createCompetition } from "../factories/competitions";
import { createUser, createUserWithSession } from "../factories/users";
import { allowGuestCheckout, createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

/** Issue #28: GET /api/user/wins lists instant prizes (credit too) beside main-draw wins. */
const db = createTestDb();
await allowGuestCheckout(db);
const payments = new SimulatedPaymentProvider(0);
const api = await startTestServer(db, { services: { payments } });
const deps = { db, payments, mailer: noopMailer };

async function instantCompetition(title: string) {
  const c = await createCompetition(db, { title, maxTickets: 30, allocation: "random", pickNumbers: true, instantWin: true });
  await commitInstantPrizes(
    db,
    c,
    [
      { name: "£5 site credit", kind: "credit", valuePence: 500, count: 3 },
      { name: "£50 cash", kind: "cash", valuePence: 5000, count: 1 },
    ],
    new Date(),
  );
  return c;
}

/** Picked numbers, or one ticket the server chooses when none are given. */
const buy = (user: { id: string; email: string }, competitionId: string, numbers: string[]) =>
  placeOrder(deps, {
    userId: user.id,
    customerName: "Elin Jones",
    customerEmail: user.email,
    lines: [numbers.length ? { competitionId, quantity: numbers.length, answer: "green", numbers } : { competitionId, quantity: 1, answer: "green" }],
    method: { token: "sim_approve" },
    returnUrl: "/checkout/complete",
  });

describe("GET /api/user/wins", () => {
  it("lists instant prizes (title, prize, date) beside a main draw's win, newest first, and drops one made void by a refund", async () => {
    const { user, token } = await createUserWithSession(db);
    const main = await createCompetition(db, { title: "Main Draw Tractor", prizeDetails: "A vintage tractor" });
    const mainOrder = await buy(user, main.id, []);
    const mainEntry = (await first(db.select().from(entries).where(eq(entries.orderId, mainOrder.id)).limit(1)))!;
    await db.insert(winners).values({
      competitionId: main.id,
      entryId: mainEntry.id,
      ticketNumber: "1",
      customerName: "Elin J.",
      source: "draw",
      winDate: new Date(Date.now() - 60_000),
    });

    const c = await instantCompetition("Instant Quad Bike");
    const [credit1, credit2] = (await unitsOf(db, c.id)).filter((u) => u.kind === "credit");
    const cash = (await unitsOf(db, c.id)).find((u) => u.kind === "cash")!;
    await buy(user, c.id, [credit1!.ticketNumber]);
    const second = await buy(user, c.id, [credit2!.ticketNumber, cash.ticketNumber]);

    const res = await api.request("/api/user/wins", { token });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(4);
    const byPrize = Object.fromEntries((res.json as Array<{ prize: string; source: string }>).map((w) => [`${w.source}:${w.prize}`, w]));
    expect(Object.keys(byPrize).sort()).toEqual(["draw:A vintage tractor", "instant:£5 site credit", "instant:£50 cash"].sort());
    expect(res.json.filter((w: { prize: string }) => w.prize === "£5 site credit")).toHaveLength(2);
    expect(byPrize["instant:£50 cash"]).toMatchObject({
      competitionId: c.id,
      competitionTitle: "Instant Quad Bike",
      source: "instant",
      instantKind: "cash",
      value: "50.00",
      ticketNumber: cash.ticketNumber,
    });
    expect(byPrize["draw:A vintage tractor"]).toMatchObject({ competitionTitle: "Main Draw Tractor", source: "draw", instantKind: null, value: null });
    // Newest first: the main draw's win is the oldest.
    expect(res.json.at(-1).competitionTitle).toBe("Main Draw Tractor");
    for (const w of res.json) expect(Number.isNaN(Date.parse(w.winDate))).toBe(false);

    // The second order is refunded: its two prizes are void and no longer wins.
    const admin = await createUser(db, { role: "admin" });
    await refundOrder(deps, { id: admin.id, email: admin.email }, { id: second.id, reason: "Asked for it back" });
    const after = await api.request("/api/user/wins", { token });
    expect(after.json.map((w: { source: string; prize: string }) => `${w.source}:${w.prize}`).sort()).toEqual([
      "draw:A vintage tractor",
      "instant:£5 site credit",
    ]);

    // Another account sees none of them; no session is a 401.
    const other = await createUserWithSession(db);
    expect((await api.request("/api/user/wins", { token: other.token })).json).toEqual([]);
    expect((await api.request("/api/user/wins")).status).toBe(401);
  });

  it("counts a guest entry's credit prize once the account has verified that email", async () => {
    const c = await instantCompetition("Instant Guest Quad");
    const credit = (await unitsOf(db, c.id)).find((u) => u.kind === "credit")!;
    const { user, token } = await createUserWithSession(db);
    await db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
    const guest = await placeOrder(deps, {
      userId: null,
      customerName: "Elin Jones",
      customerEmail: user.email,
      lines: [{ competitionId: c.id, quantity: 1, answer: "green", numbers: [credit.ticketNumber] }],
      method: { token: "sim_approve" },
      returnUrl: "/checkout/complete",
    });
    expect(guest.instantWins).toHaveLength(1);
    expect((await api.request("/api/user/wins", { token })).json).toEqual([]);
    await claimGuestCredit(db, { ...user, emailVerified: true });
    const res = await api.request("/api/user/wins", { token });
    expect(res.json).toMatchObject([
      { id: credit.id, competitionTitle: "Instant Guest Quad", prize: "£5 site credit", source: "instant", instantKind: "credit" },
    ]);
  });
});
