import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../db/client";
import { competitions, entries, mailOutbox, tickets } from "../../db/schema";
import { noopMailer } from "../../src/server/mail/mailer";
import type { ChargeResult, PaymentProvider } from "../../src/server/payments/provider";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { recordPostalEntry } from "../../src/server/services/postal";
import { HOLD_MS, placeOrder, sweepPendingOrders, type PlaceOrderArgs } from "../../src/server/services/purchase";
import { numbersInRange, toRanges } from "../../src/server/services/competitions/numbers";
import { priceLine } from "../../src/shared/pricing";
import { campaignPayload, createCompetition } from "../factories/competitions";
import { eventually, ledgerProblems, refusal } from "../helpers/assertions";
import { callerAs } from "../helpers/caller";
import { allowGuestCheckout, createTestDb } from "../helpers/db";
import { postalCard } from "../factories/postal";

const db = createTestDb();
await allowGuestCheckout(db);

const deps = (payments: PaymentProvider = new SimulatedPaymentProvider(0)) => ({ db, payments, mailer: noopMailer });

function order(competitionId: string, quantity: number, numbers?: string[], over: Partial<PlaceOrderArgs> = {}): PlaceOrderArgs {
  return {
    userId: null,
    customerName: "Pat Picker",
    customerEmail: `pick-${crypto.randomUUID().slice(0, 8)}@example.test`,
    lines: [{ competitionId, quantity, answer: "green", ...(numbers ? { numbers } : {}) }],
    method: { token: "sim_approve" },
    returnUrl: "/checkout/complete",
    ...over,
  };
}

const picking = (over: Partial<typeof competitions.$inferInsert> = {}) => createCompetition(db, { allocation: "random", pickNumbers: true, ...over });
const numbersOf = async (competitionId: string) =>
  (await db.select({ number: tickets.number }).from(tickets).where(eq(tickets.competitionId, competitionId))).map((t) => t.number);

describe("picking numbers", () => {
  it("sells the chosen numbers, and fills the rest of the line at random", async () => {
    const c = await picking({ maxTickets: 500 });
    const chosen = await placeOrder(deps(), order(c.id, 3, ["17", "342", "5"]));
    expect(chosen.status).toBe("paid");
    expect(chosen.lines[0]!.ticketNumbers.sort()).toEqual(["17", "342", "5"].sort());
    // A REST client may choose some numbers of a cart line and leave the rest to a lucky dip by line merging.
    const mixed = await placeOrder(
      deps(),
      order(c.id, 1, ["18"], {
        lines: [
          { competitionId: c.id, quantity: 1, answer: "green", numbers: ["18"] },
          { competitionId: c.id, quantity: 2, answer: "green" },
        ],
      }),
    );
    expect(mixed.lines[0]!.ticketNumbers).toHaveLength(3);
    expect(mixed.lines[0]!.ticketNumbers).toContain("18");
    expect(new Set(await numbersOf(c.id)).size).toBe(6);
  });

  it("answers 409 naming the numbers lost to another buyer and offering free ones nearby, and holds nothing of the refused order", async () => {
    const c = await picking({ maxTickets: 100 });
    await placeOrder(deps(), order(c.id, 3, ["16", "17", "18"]));
    const lost = await refusal(placeOrder(deps(), order(c.id, 2, ["17", "40"])));
    expect(lost.code).toBe("NUMBERS_TAKEN");
    expect(lost.message).toBe("Ticket #17 has just been taken by another buyer. Please choose another number.");
    expect(lost.details).toEqual({ lost: ["17"], nearby: ["13", "14", "15", "19", "20", "21"] });
    // Nothing of the refused order stayed: 40 is still free, and the ledger adds up.
    expect((await numbersOf(c.id)).sort()).toEqual(["16", "17", "18"]);
    expect(await first(db.select().from(competitions).where(eq(competitions.id, c.id)))).toMatchObject({ soldTickets: 3, heldTickets: 0, nextTicketNumber: 4 });
    const again = await placeOrder(deps(), order(c.id, 2, ["19", "40"]));
    expect(again.lines[0]!.ticketNumbers.sort()).toEqual(["19", "40"]);
    // Several lost at once are named together; a number at the edge of the range looks one way only.
    const two = await refusal(placeOrder(deps(), order(c.id, 2, ["16", "19"])));
    expect(two.message).toBe("Tickets #16, #19 have just been taken by other buyers. Please choose other numbers.");
    expect(two.details!.lost).toEqual(["16", "19"]);
    expect(two.details!.nearby).not.toContain("17");
    expect(await ledgerProblems(db)).toMatchObject({ soldMismatch: [], heldMismatch: [], duplicates: [], oversold: [] });
  });

  it("refuses chosen numbers where picking is off, outside 1..max, twice in one order, or not one per ticket", async () => {
    const off = await createCompetition(db, { allocation: "random", maxTickets: 100 });
    expect((await refusal(placeOrder(deps(), order(off.id, 1, ["7"])))).message).toContain("are given out at random; they cannot be chosen");
    const ordered = await createCompetition(db, { allocation: "sequential", pickNumbers: false });
    expect((await refusal(placeOrder(deps(), order(ordered.id, 1, ["7"])))).code).toBe("NUMBERS_NOT_ALLOWED");
    const c = await picking({ maxTickets: 100 });
    expect((await refusal(placeOrder(deps(), order(c.id, 1, ["101"])))).message).toContain("run from 1 to 100");
    expect((await refusal(placeOrder(deps(), order(c.id, 1, ["0"])))).message).toContain("run from 1 to 100");
    const twice = await refusal(
      placeOrder(
        deps(),
        order(c.id, 2, undefined, {
          lines: [
            { competitionId: c.id, quantity: 1, answer: "green", numbers: ["9"] },
            { competitionId: c.id, quantity: 1, answer: "green", numbers: ["9"] },
          ],
        }),
      ),
    );
    expect(twice.message).toBe("Each number can be chosen only once");
    // Through the procedure, the schema holds the count to the quantity.
    const { caller } = await callerAs(db, null);
    await expect(
      caller.public.entries.checkoutDirect({
        competitionId: c.id,
        customerName: "Pat Picker",
        customerEmail: "pat@example.test",
        answer: "green",
        tickets: 2,
        numbers: ["3"],
        paymentToken: "sim_approve",
        billing: { address: "1 Lane", city: "York", postcode: "YO1 1AA" },
      }),
    ).rejects.toThrow("Choose one number per ticket");
    expect(await numbersOf(c.id)).toEqual([]);
  });

  it("200 buyers fighting over 50 numbers: each number sold exactly once, every loser told which number was lost", async () => {
    const c = await picking({ maxTickets: 50 });
    let seed = 20261125;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed;
    };
    const wants = Array.from({ length: 200 }, () => String((next() % 50) + 1));
    const results = await Promise.allSettled(wants.map((n) => placeOrder(deps(new SimulatedPaymentProvider(3)), order(c.id, 1, [n]))));
    const paid = results.filter((r) => r.status === "fulfilled");
    const sold = paid.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof placeOrder>>>).value.lines[0]!.ticketNumbers[0]!);
    // Every number someone wanted went to exactly one buyer, the first to ask.
    expect(new Set(sold).size).toBe(sold.length);
    expect(new Set(sold)).toEqual(new Set(wants));
    for (const r of results) {
      if (r.status === "fulfilled") continue;
      const err = await refusal(Promise.reject(r.reason));
      expect(err.message).toMatch(/has just been taken by another buyer|has sold out/);
    }
    expect((await numbersOf(c.id)).sort()).toEqual([...new Set(wants)].sort());
    expect(await first(db.select().from(competitions).where(eq(competitions.id, c.id)))).toMatchObject({ soldTickets: sold.length, heldTickets: 0 });
    expect(await ledgerProblems(db)).toMatchObject({ soldMismatch: [], heldMismatch: [], duplicates: [], oversold: [], paidWithoutTickets: [] });
  });

  it("releases a picked number held by an unpaid order when its hold expires, for the next buyer to choose", async () => {
    const c = await picking({ maxTickets: 20 });
    let settle: (r: ChargeResult) => void = () => {};
    const slow: PaymentProvider = {
      name: "slow",
      charge: () => new Promise<ChargeResult>((resolve) => (settle = resolve)),
      cardFunding: async () => "debit",
      lookup: async () => null,
      retrieve: async (id) => {
        throw new Error(`no such payment ${id}`);
      },
      cancel: async () => {},
      refund: async (r) => ({ refundId: `re_${r.paymentId}`, amountPence: r.amountPence }),
    };
    const waiting = refusal(placeOrder(deps(slow), order(c.id, 1, ["7"])));
    // The hold is written while the payment call is out (waited for: on PostgreSQL it commits in its own time).
    await eventually(async () => (await first(db.select().from(competitions).where(eq(competitions.id, c.id))))!.heldTickets === 1);
    // Held: shown as held on the grid, and refused to anyone else.
    expect(await numbersInRange(db, { id: c.id, from: 1, to: 20 }, Date.now() + 10_000)).toMatchObject({ held: [[7, 7]], sold: [] });
    expect((await refusal(placeOrder(deps(), order(c.id, 1, ["7"])))).details).toMatchObject({ lost: ["7"] });
    expect(await sweepPendingOrders({ db, payments: slow, mailer: noopMailer }, new Date(Date.now() + HOLD_MS + 1000))).toEqual({ settled: 0, failed: 1 });
    expect(await numbersInRange(db, { id: c.id, from: 1, to: 20 }, Date.now() + 20_000)).toMatchObject({ held: [], sold: [] });
    const taken = await placeOrder(deps(), order(c.id, 1, ["7"]));
    expect(taken.lines[0]!.ticketNumbers).toEqual(["7"]);
    settle({ status: "declined", reason: "card_declined", message: "Your card was declined." });
    await waiting;
    expect(await ledgerProblems(db)).toMatchObject({ soldMismatch: [], heldMismatch: [], duplicates: [] });
  });

  it("gives postal entries one random free number each, never a chosen one", async () => {
    const c = await picking({ maxTickets: 10 });
    await placeOrder(deps(), order(c.id, 8, ["1", "2", "3", "4", "5", "6", "7", "8"]));
    const cards: Array<Awaited<ReturnType<typeof recordPostalEntry>>> = [];
    for (let i = 0; i < 2; i++) cards.push(await recordPostalEntry(deps(), c.id, postalCard()));
    expect(cards.map((p) => p.ticketNumbers)).toHaveLength(2);
    expect(cards.flatMap((p) => p.ticketNumbers).sort()).toEqual(["10", "9"]);
    expect(cards.every((p) => p.ticketNumbers.length === 1)).toBe(true);
  });
});

describe("the number grid's read", () => {
  it("answers sold and held numbers of a range as [first, last] ranges, at most 1,000 at a time", async () => {
    const c = await picking({ maxTickets: 3000 });
    await placeOrder(deps(), order(c.id, 5, ["1", "2", "3", "10", "2999"]));
    const view = await numbersInRange(db, { id: c.id, from: 1, to: 1000 }, Date.now() + 30_000);
    expect(view).toMatchObject({
      from: 1,
      to: 1000,
      maxTickets: 3000,
      pickNumbers: true,
      sold: [
        [1, 3],
        [10, 10],
      ],
      held: [],
    });
    expect(await numbersInRange(db, { id: c.id, from: 2501 }, Date.now() + 31_000)).toMatchObject({ from: 2501, to: 3000, sold: [[2999, 2999]] });
    await expect(numbersInRange(db, { id: c.id, from: 1, to: 1001 }, Date.now() + 32_000)).rejects.toThrow("At most 1,000 numbers at a time");
    await expect(numbersInRange(db, { id: c.id, from: 3001 }, Date.now() + 33_000)).rejects.toThrow("Ticket numbers run from 1 to 3000");
    const open = await createCompetition(db, { maxTickets: null });
    await expect(numbersInRange(db, { id: open.id }, Date.now() + 34_000)).rejects.toThrow("no fixed range");
    expect(toRanges([1, 2, 3, 5, 7, 8])).toEqual([
      [1, 3],
      [5, 5],
      [7, 8],
    ]);
  });
});

describe("multibuy prices", () => {
  const tiers = [
    { minQuantity: 10, pricePence: 179 },
    { minQuantity: 25, pricePence: 149 },
  ];

  it("price every line at its quantity's tier, at each boundary, on the server, whatever the client sends", async () => {
    const c = await createCompetition(db, { pricePence: 199, priceTiers: tiers, maxTickets: null, allocation: "sequential" });
    const cases: Array<[number, string, string]> = [
      [1, "1.99", "0.00"],
      [9, "17.91", "0.00"],
      [10, "17.90", "2.00"],
      [24, "42.96", "4.80"],
      [25, "37.25", "12.50"],
      [100, "149.00", "50.00"],
    ];
    for (const [quantity, amount, saving] of cases) {
      const paid = await placeOrder(deps(), order(c.id, quantity));
      expect([quantity, paid.amount, paid.lines[0]!.saving]).toEqual([quantity, amount, saving]);
      expect(paid.lines[0]!.unitPrice).toBe(quantity >= 25 ? "1.49" : quantity >= 10 ? "1.79" : "1.99");
      // The page and the cart use the same function.
      expect(priceLine(199, tiers, quantity).totalPence).toBe(Number(amount.replace(".", "")));
    }
    // The confirmation mail says what the tier saved.
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order_confirmation"));
    expect(mails.some((m) => m.text.includes("— £17.90 (10 × £1.79, multibuy saving £2.00)"))).toBe(true);
    expect(mails.some((m) => m.text.includes("— £1.99\n"))).toBe(true);
    // The receipt, the entry and the order all say what was actually paid.
    const e = await db.select().from(entries).where(eq(entries.competitionId, c.id));
    expect(e.reduce((s, x) => s + x.amountPence, 0)).toBe(199 + 1791 + 1790 + 4296 + 3725 + 14900);
  });

  it("are validated on the campaign: ascending, above zero, not above the ticket price; after sales only cheaper", async () => {
    const { caller: admin } = await callerAs(db, "admin");
    const tiered = { price: "1.99", priceTiers: [{ minQuantity: 10, pricePerTicket: "1.79" }] };
    const created = await admin.admin.competitions.create(campaignPayload({ title: "Tiered Baler", ...tiered }));
    expect(created.priceTiers).toEqual([{ minQuantity: 10, pricePerTicket: "1.79" }]);
    const { caller: anon } = await callerAs(db, null);
    expect((await anon.public.competitions.get({ id: created.id })).priceTiers).toEqual([{ minQuantity: 10, pricePerTicket: "1.79" }]);
    const bad = (priceTiers: unknown[]) => admin.admin.competitions.create(campaignPayload({ title: "Bad Tiers", price: "1.99", priceTiers }));
    await expect(bad([{ minQuantity: 10, pricePerTicket: "2.50" }])).rejects.toThrow("A multibuy price may not be above the ticket price");
    await expect(bad([{ minQuantity: 10, pricePerTicket: "0" }])).rejects.toThrow("A multibuy price must be above zero");
    await expect(
      bad([
        { minQuantity: 25, pricePerTicket: "1.49" },
        { minQuantity: 10, pricePerTicket: "1.79" },
      ]),
    ).rejects.toThrow("Multibuy quantities must go up from one price to the next");
    await expect(
      bad([
        { minQuantity: 10, pricePerTicket: "1.49" },
        { minQuantity: 25, pricePerTicket: "1.79" },
      ]),
    ).rejects.toThrow("Each multibuy price must be no higher than the one before");
    await expect(bad([{ minQuantity: 101, pricePerTicket: "1.49" }])).rejects.toThrow("100 tickets or fewer");
    await expect(bad([{ minQuantity: 1, pricePerTicket: "1.49" }])).rejects.toThrow("starts at 2 tickets or more");

    // An edit that does not name the tiers keeps them; before sales they may change freely.
    const fields = campaignPayload({ title: "Tiered Baler", price: "1.99" });
    expect((await admin.admin.competitions.update({ id: created.id, ...fields })).priceTiers).toHaveLength(1);
    await placeOrder(deps(), order(created.id, 1, undefined, { lines: [{ competitionId: created.id, quantity: 1, answer: "Four" }] }));
    // After a sale: cheaper is fine, dearer at any quantity is refused.
    const cheaper = await admin.admin.competitions.update({
      id: created.id,
      ...fields,
      priceTiers: [
        { minQuantity: 5, pricePerTicket: "1.89" },
        { minQuantity: 10, pricePerTicket: "1.69" },
      ],
    });
    expect(cheaper.priceTiers).toHaveLength(2);
    await expect(admin.admin.competitions.update({ id: created.id, ...fields, priceTiers: [{ minQuantity: 10, pricePerTicket: "1.69" }] })).rejects.toThrow(
      "so its prices can only go down: 5 tickets would cost more each than before",
    );
    await expect(admin.admin.competitions.update({ id: created.id, ...fields, price: "2.49" })).rejects.toThrow("prices can only go down: 1 ticket");
  });

  it("picking needs a maximum and random numbers for the rest", async () => {
    const { caller: admin } = await callerAs(db, "admin");
    await expect(admin.admin.competitions.create(campaignPayload({ title: "Pick Baler", maxTickets: null, pickNumbers: true }))).rejects.toThrow(
      "Choosing numbers needs a maximum number of tickets",
    );
    await expect(admin.admin.competitions.create(campaignPayload({ title: "Pick Baler", allocation: "sequential", pickNumbers: true }))).rejects.toThrow(
      "Choosing numbers needs random numbers for the tickets not chosen",
    );
    const ok = await admin.admin.competitions.create(campaignPayload({ title: "Pick Baler", pickNumbers: true }));
    expect(ok).toMatchObject({ pickNumbers: true, allocation: "random" });
  });
});
