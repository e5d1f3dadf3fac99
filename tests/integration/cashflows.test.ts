import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { CashflowsPaymentProvider, cashflowsHash, notificationSignature, verifyNotificationSignature } from "../../src/server/payments/cashflows";
import type { ChargeRequest } from "../../src/server/payments/provider";
import {
  CARD,
  CASHFLOWS_STAND_IN_API_KEY,
  CASHFLOWS_STAND_IN_NOTIFICATION_SECRET,
  CASHFLOWS_STAND_IN_RESERVE_CONFIGURATION,
  startCashflowsStandIn,
} from "../helpers/cashflows-stand-in";

/**
 * The Cashflows adapter against the loopback stand-in of the Gateway API: what it sends (signed
 * exactly as published), and how it reads each state of a payment job.
 */
const standIn = await startCashflowsStandIn();
afterAll(() => standIn.close());
const ORIGIN = "https://shop.example.test";
const cashflows = new CashflowsPaymentProvider(standIn.providerOptions(ORIGIN));
const reserving = new CashflowsPaymentProvider(standIn.providerOptions(ORIGIN, { configurationId: CASHFLOWS_STAND_IN_RESERVE_CONFIGURATION }));

let orders = 0;
const request = (over: Partial<ChargeRequest> = {}): ChargeRequest => {
  const orderId = `order-${++orders}-${crypto.randomUUID().slice(0, 8)}`;
  return {
    amountPence: 1497,
    currency: "GBP",
    orderId,
    idempotencyKey: orderId,
    description: `Harvest Draws order ${orderId}`,
    method: { token: "cashflows" },
    email: "sam@example.test",
    returnUrl: `${ORIGIN}/checkout/complete?order=${orderId}`,
    useSdk: true,
    ...over,
  };
};

/** A job opened from the web checkout, paid in the stand-in with `card`. */
async function jobPaidWith(card: string, provider = cashflows) {
  const opened = await provider.charge(request());
  if (opened.status !== "requires_action") throw new Error(`not opened: ${JSON.stringify(opened)}`);
  standIn.pay(opened.paymentId, card);
  return opened.paymentId;
}

describe("signed calls", () => {
  it("signs each call with SHA-512 over the API key and the exact body, upper-case hex, and a GET over the key alone", async () => {
    const before = standIn.calls().length;
    const opened = await cashflows.charge(request());
    await cashflows.retrieve(opened.status === "requires_action" ? opened.paymentId : "");
    const [create, get] = standIn.calls().slice(before);
    expect(create).toMatchObject({ method: "POST", path: "/api/gateway/payment-intents/", configurationId: "cf-stand-in-config", status: 201, signed: true });
    expect(create!.hash).toBe(
      createHash("sha512")
        .update(CASHFLOWS_STAND_IN_API_KEY + create!.body)
        .digest("hex")
        .toUpperCase(),
    );
    expect(create!.hash).toMatch(/^[0-9A-F]{128}$/);
    expect(get).toMatchObject({ method: "GET", body: "", hash: cashflowsHash(CASHFLOWS_STAND_IN_API_KEY, ""), signed: true, status: 200 });
  });

  it("a wrong API key is refused 401 by Cashflows and surfaces as an error naming the settings, with nothing opened", async () => {
    const wrong = new CashflowsPaymentProvider(standIn.providerOptions(ORIGIN, { apiKey: "not-the-key-at-all" }));
    const jobs = standIn.ledger.jobs.size;
    const answer = await wrong.charge(request());
    expect(answer).toEqual({ status: "error", message: expect.stringContaining("answered 401") });
    expect(answer.status === "error" && answer.message).toContain("CASHFLOWS_API_KEY");
    expect(standIn.calls().at(-1)).toMatchObject({ status: 401, signed: false });
    expect(standIn.ledger.jobs.size).toBe(jobs);
    await expect(wrong.retrieve("anything")).rejects.toThrow(/answered 401/);
  });

  it("the notification address's signature is an HMAC of the order id, compared in constant time", () => {
    const sig = notificationSignature(CASHFLOWS_STAND_IN_NOTIFICATION_SECRET, "order-1");
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyNotificationSignature(CASHFLOWS_STAND_IN_NOTIFICATION_SECRET, "order-1", sig)).toBe(true);
    expect(verifyNotificationSignature(CASHFLOWS_STAND_IN_NOTIFICATION_SECRET, "order-2", sig)).toBe(false);
    expect(verifyNotificationSignature(CASHFLOWS_STAND_IN_NOTIFICATION_SECRET, "order-1", sig.slice(1))).toBe(false);
    expect(verifyNotificationSignature("another-secret-of-thirty-two-chars!!", "order-1", sig)).toBe(false);
  });
});

describe("opening a payment", () => {
  it("the web checkout opens a payment intent: the order's amount, currency, number, email and the signed return and notification addresses", async () => {
    const req = request();
    const answer = await cashflows.charge(req);
    const job = standIn.ledger.jobs.get(answer.status === "requires_action" ? answer.paymentId : "")!;
    expect(answer).toEqual({
      status: "requires_action",
      paymentId: job.reference,
      nextAction: { type: "embedded", provider: "cashflows", clientSecret: job.token },
    });
    expect(job.kind).toBe("intent");
    const sig = notificationSignature(CASHFLOWS_STAND_IN_NOTIFICATION_SECRET, req.orderId);
    expect(job.request).toEqual({
      configurationId: "cf-stand-in-config",
      amountToCollect: "14.97",
      currency: "GBP",
      locale: "en_GB",
      paymentMethodsToUse: ["Card"],
      order: { orderNumber: req.orderId, billingIdentity: { emailAddress: "sam@example.test" } },
      parameters: {
        returnUrlSuccess: `${req.returnUrl}&status=success`,
        returnUrlFailed: `${req.returnUrl}&status=failed`,
        returnUrlCancelled: `${req.returnUrl}&status=cancelled`,
        webhookUrl: `${ORIGIN}/api/payments/cashflows/notify?order=${req.orderId}&signature=${sig}`,
      },
    });
  });

  it("a REST client gets a payment job and is sent to Cashflows' hosted page", async () => {
    const answer = await cashflows.charge(request({ useSdk: false, amountPence: 500 }));
    expect(answer).toMatchObject({ status: "requires_action", nextAction: { type: "redirect", url: expect.stringContaining("/_stand-in/pay/") } });
    const job = standIn.ledger.jobs.get(answer.status === "requires_action" ? answer.paymentId : "")!;
    expect(job).toMatchObject({ kind: "job", amountPence: 500, token: null });
    expect(standIn.calls("POST").at(-1)!.path).toBe("/api/gateway/payment-jobs");
  });

  it("the card's funding is not known before the order: settlement checks it", async () => {
    expect(await cashflows.cardFunding({ token: "cashflows" })).toBe("unknown");
  });

  it("a 5xx or no answer in time when opening is an error (no card could be entered), and is not retried", async () => {
    standIn.failNext({ method: "POST", path: "/api/gateway/payment-intents/", status: 503 });
    const before = standIn.calls("POST", "/api/gateway/payment-intents/").length;
    expect(await cashflows.charge(request())).toEqual({ status: "error", message: expect.stringContaining("answered 503") });
    expect(standIn.calls("POST", "/api/gateway/payment-intents/").length).toBe(before + 1);

    const impatient = new CashflowsPaymentProvider(standIn.providerOptions(ORIGIN, { timeoutMs: 150 }));
    standIn.failNext({ method: "POST", path: "/api/gateway/payment-intents/", delayMs: 400 });
    expect(await impatient.charge(request())).toEqual({ status: "error", message: expect.stringContaining("no answer within 150 ms") });
  });
});

describe("reading a payment job", () => {
  it("a job nobody has paid yet is waiting: the buyer finishes on its hosted page", async () => {
    const opened = await cashflows.charge(request());
    const ref = opened.status === "requires_action" ? opened.paymentId : "";
    expect(await cashflows.retrieve(ref)).toEqual({
      status: "requires_action",
      paymentId: ref,
      nextAction: { type: "redirect", url: standIn.hostedPageUrl(standIn.job(ref)) },
    });
  });

  it.each([
    [CARD.visaDebit, { cardBrand: "visa", last4: "0002", funding: "debit" }],
    [CARD.mastercardCredit, { cardBrand: "mastercard", last4: "4444", funding: "credit" }],
    [CARD.prepaid, { cardBrand: "visa", last4: "0036", funding: "prepaid" }],
  ])("a paid job (%s) is a payment with the card's brand, last four and funding, its amount and currency", async (card, summary) => {
    const ref = await jobPaidWith(card);
    expect(await cashflows.retrieve(ref)).toEqual({ status: "succeeded", paymentId: ref, amountPence: 1497, currency: "GBP", ...summary });
  });

  it.each([
    [CARD.declined, "card_declined", "Your card was declined."],
    [CARD.insufficientFunds, "insufficient_funds", "Your card has insufficient funds."],
    [CARD.threeDSecureFails, "authentication_failed", "Your bank could not confirm the payment (3-D Secure)."],
  ])("a failed job (%s) is declined with the shop's reason and a message for the buyer", async (card, reason, message) => {
    const ref = await jobPaidWith(card);
    expect(await cashflows.retrieve(ref)).toEqual({ status: "declined", reason, message, paymentId: ref });
  });

  it("a card asking for 3-D Secure waits on its challenge page; a failed challenge declines, an approved one pays", async () => {
    const failed = await jobPaidWith(CARD.challenge);
    expect(await cashflows.retrieve(failed)).toEqual({
      status: "requires_action",
      paymentId: failed,
      nextAction: { type: "redirect", url: standIn.challengeUrl(standIn.job(failed)) },
    });
    standIn.authenticate(failed, "fail");
    expect(await cashflows.retrieve(failed)).toMatchObject({ status: "declined", reason: "authentication_failed" });
    const approved = await jobPaidWith(CARD.challenge);
    standIn.authenticate(approved, "approve");
    expect(await cashflows.retrieve(approved)).toMatchObject({ status: "succeeded", last4: "3220", funding: "debit" });
  });

  it("an expired or cancelled job is declined as not completed", async () => {
    const opened = await cashflows.charge(request());
    const ref = opened.status === "requires_action" ? opened.paymentId : "";
    standIn.expire(ref);
    expect(await cashflows.retrieve(ref)).toEqual({ status: "declined", reason: "card_declined", message: "The payment was not completed.", paymentId: ref });
  });

  it("a 5xx or a dropped connection on retrieval is tried once more; two in a row throw (the order keeps waiting)", async () => {
    const ref = await jobPaidWith(CARD.visaDebit);
    standIn.failNext({ method: "GET", path: `/api/gateway/payment-jobs/${ref}`, status: 502 });
    expect(await cashflows.retrieve(ref)).toMatchObject({ status: "succeeded" });
    standIn.failNext({ method: "GET", path: `/api/gateway/payment-jobs/${ref}`, status: 0 });
    expect(await cashflows.retrieve(ref)).toMatchObject({ status: "succeeded" });
    standIn.failNext({ method: "GET", path: `/api/gateway/payment-jobs/${ref}`, status: 500, times: 2 });
    await expect(cashflows.retrieve(ref)).rejects.toThrow(/answered 500/);
    const impatient = new CashflowsPaymentProvider(standIn.providerOptions(ORIGIN, { timeoutMs: 150 }));
    standIn.failNext({ method: "GET", path: `/api/gateway/payment-jobs/${ref}`, delayMs: 400, times: 2 });
    await expect(impatient.retrieve(ref)).rejects.toThrow(/no answer within 150 ms/);
  });
});

describe("reserved payments", () => {
  it("a payment only reserved is a payment not yet captured; capture takes it, cancel releases it", async () => {
    const ref = await jobPaidWith(CARD.mastercardCredit, reserving);
    expect(standIn.rendered(ref).data).toMatchObject({ paymentStatus: "Pending", lastPaymentStatus: "Reserved" });
    expect(await reserving.retrieve(ref)).toEqual({
      status: "succeeded",
      captured: false,
      paymentId: ref,
      cardBrand: "mastercard",
      last4: "4444",
      funding: "credit",
      amountPence: 1497,
      currency: "GBP",
    });
    expect(await reserving.capture(ref, 1497)).toMatchObject({ status: "succeeded", paymentId: ref, funding: "credit" });
    expect((await reserving.retrieve(ref)) as object).not.toHaveProperty("captured");
    expect(standIn.calls("POST", `/api/gateway/payment-jobs/${ref}/payments/`).at(-1)).toMatchObject({
      path: expect.stringMatching(/\/captures$/),
      body: '{"amountToCollect":"14.97"}',
      status: 200,
    });

    const released = await jobPaidWith(CARD.mastercardCredit, reserving);
    await reserving.cancel(released);
    expect(standIn.job(released)).toMatchObject({ status: "Cancelled", payments: [expect.objectContaining({ status: "Cancelled" })] });
    expect(await reserving.retrieve(released)).toMatchObject({ status: "declined", message: "The payment was not completed." });
  });

  it("cancel closes a job still waiting on the buyer, and never throws", async () => {
    const opened = await cashflows.charge(request());
    const ref = opened.status === "requires_action" ? opened.paymentId : "";
    await cashflows.cancel(ref);
    expect(standIn.job(ref).status).toBe("Cancelled");
    await expect(cashflows.cancel(ref)).resolves.toBeUndefined();
    await expect(cashflows.cancel("no-such-job")).resolves.toBeUndefined();
  });
});

describe("refunds", () => {
  it("refunds part, then the rest; more than is left is refused", async () => {
    const ref = await jobPaidWith(CARD.visaDebit);
    const first = await cashflows.refund({ paymentId: ref, amountPence: 500, idempotencyKey: "refund-a", reason: "asked" });
    expect(first).toEqual({ refundId: expect.stringMatching(/^R/), amountPence: 500 });
    await expect(cashflows.refund({ paymentId: ref, amountPence: 1000, idempotencyKey: "refund-b", reason: "asked" })).rejects.toThrow(
      /RefundAmountExceedsOriginalAmount/,
    );
    expect(await cashflows.refund({ paymentId: ref, amountPence: 997, idempotencyKey: "refund-c", reason: "asked" })).toMatchObject({ amountPence: 997 });
    await expect(cashflows.refund({ paymentId: ref, amountPence: 1, idempotencyKey: "refund-d", reason: "asked" })).rejects.toThrow(
      /PaymentAlreadyFullyRefunded/,
    );
    expect(standIn.rendered(ref).data.payments[0]!.refunds).toEqual([
      { reference: first.refundId, refundNumber: "refund-a", amountToRefund: "5.00", status: "Completed" },
      expect.objectContaining({ refundNumber: "refund-c", amountToRefund: "9.97" }),
    ]);
  });

  it("a refund repeated with the same key (its first answer lost) refunds once", async () => {
    const ref = await jobPaidWith(CARD.visaDebit);
    standIn.failNext({ method: "POST", path: "/api/gateway/payment-jobs/*", status: 0, when: "after" });
    // The refund is made but its answer is lost: the adapter reads the job and finds it; asked again with the same key, the same.
    const first = await cashflows.refund({ paymentId: ref, amountPence: 300, idempotencyKey: "refund-once", reason: "asked" });
    const made = standIn.job(ref).payments[0]!.refunds[0]!;
    expect(first).toEqual({ refundId: made.reference, amountPence: 300 });
    const again = await cashflows.refund({ paymentId: ref, amountPence: 300, idempotencyKey: "refund-once", reason: "asked" });
    expect(again).toEqual(first);
    expect(await cashflows.refund({ paymentId: ref, amountPence: 300, idempotencyKey: "refund-once", reason: "asked" })).toEqual(again);
    expect(standIn.job(ref).payments[0]!.refunds).toHaveLength(1);
    expect(standIn.calls("POST", `/api/gateway/payment-jobs/${ref}/payments/`).filter((c) => c.path.endsWith("/refunds"))).toHaveLength(1);
  });

  it("a refund Cashflows answered 5xx without making is an error, and nothing was refunded", async () => {
    const ref = await jobPaidWith(CARD.visaDebit);
    standIn.failNext({ method: "POST", path: "/api/gateway/payment-jobs/*", status: 503 });
    await expect(cashflows.refund({ paymentId: ref, amountPence: 300, idempotencyKey: "refund-5xx", reason: "asked" })).rejects.toThrow(/answered 503/);
    expect(standIn.job(ref).payments[0]!.refunds).toEqual([]);
  });

  it("a job that took nothing cannot be refunded", async () => {
    const ref = await jobPaidWith(CARD.declined);
    await expect(cashflows.refund({ paymentId: ref, amountPence: 100, idempotencyKey: "refund-x", reason: "asked" })).rejects.toThrow(/no payment to refund/);
  });
});

describe("lookup", () => {
  it("finds nothing by order number: a job whose answer was lost never reached a buyer", async () => {
    expect(await cashflows.lookup("any-order")).toBeNull();
  });
});

describe("the stand-in's browser side (what cashflows-clientlib-js and a buyer's browser reach)", () => {
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual" as const,
  });

  it("the card form's frames report validity to the page and hand their values to the Gateway; the intent's payment reads them", async () => {
    const opened = await cashflows.charge(request());
    const token = opened.status === "requires_action" && opened.nextAction.type === "embedded" ? opened.nextAction.clientSecret : "";
    const intent = await fetch(`${standIn.url}/api/gateway/payment-intents/${token}`);
    expect(intent.headers.get("access-control-allow-origin")).toBe("*");
    expect(((await intent.json()) as { data: object }).data).toMatchObject({ paymentStatus: "Pending", amountToCollect: "14.97", currency: "GBP" });

    const frame = await fetch(`${standIn.url}/preparations/11111111-2222-3333-4444-555555555555?inputtype=cardnumber`);
    const html = await frame.text();
    expect(html).toContain('event: "validate"');
    expect(html).toContain("window.parent.postMessage");
    expect((await fetch(`${standIn.url}/preparations/11111111-2222-3333-4444-555555555555?inputtype=pin`)).status).toBe(400);

    const ids = { cardnumber: crypto.randomUUID(), cardholdername: crypto.randomUUID(), cardexpiry: crypto.randomUUID(), cardcvc: crypto.randomUUID() };
    const values = { cardnumber: "4000 0000 0000 3220", cardholdername: "Sam Buyer", cardexpiry: "12/39", cardcvc: "123" };
    for (const [inputtype, id] of Object.entries(ids)) {
      const sent = await fetch(`${standIn.url}/preparations/${id}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ inputtype, value: values[inputtype as keyof typeof values] }),
      });
      expect(sent.status).toBe(204);
    }
    const paid = await fetch(`${standIn.url}/api/gateway/payment-intents/${token}/payments`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ preparationIds: Object.values(ids) }),
    });
    const answer = (await paid.json()) as { data: { paymentStatus: string }; links?: { action: { url: string } } };
    // A card asking for 3-D Secure: Pending, with the challenge page the library opens in its dialog.
    expect(answer).toMatchObject({
      data: { paymentStatus: "Pending", lastPaymentStatus: "Pending" },
      links: { action: { url: expect.stringContaining("/_stand-in/3ds/") } },
    });
    expect(await (await fetch(answer.links!.action.url)).text()).toContain("Authenticate");
    const done = await fetch(answer.links!.action.url, form({ outcome: "approve" }));
    expect(await done.text()).toContain('window.top.postMessage({ event: "update" }, "*")');
    const after = (await (await fetch(`${standIn.url}/api/gateway/payment-intents/${token}`)).json()) as { data: object };
    expect(after.data).toMatchObject({ paymentStatus: "Paid", lastPaymentStatus: "Paid" });
    expect(standIn.job(opened.status === "requires_action" ? opened.paymentId : "").payments[0]!.card.number).toBe("4000000000003220");
  });

  it("the hosted payment page takes a card and sends the buyer back to the shop with the job's references", async () => {
    const paidJob = await cashflows.charge(request({ useSdk: false }));
    const page = paidJob.status === "requires_action" && paidJob.nextAction.type === "redirect" ? paidJob.nextAction.url : "";
    expect(await (await fetch(page)).text()).toContain('name="cardnumber"');
    const back = await fetch(page, form({ cardnumber: CARD.visaDebit, cardexpiry: "12/39", cardcvc: "123" }));
    expect(back.status).toBe(303);
    const ref = paidJob.status === "requires_action" ? paidJob.paymentId : "";
    const payment = standIn.job(ref).payments[0]!.reference;
    expect(back.headers.get("location")).toMatch(new RegExp(`status=success&paymentjobref=${ref}&paymentref=${payment}$`));

    const declined = await cashflows.charge(request({ useSdk: false }));
    const declinedPage = declined.status === "requires_action" && declined.nextAction.type === "redirect" ? declined.nextAction.url : "";
    const failed = await fetch(declinedPage, form({ cardnumber: CARD.insufficientFunds, cardexpiry: "12/39", cardcvc: "123" }));
    expect(failed.headers.get("location")).toContain("status=failed&paymentjobref=");

    const challenged = await cashflows.charge(request({ useSdk: false }));
    const challengedPage = challenged.status === "requires_action" && challenged.nextAction.type === "redirect" ? challenged.nextAction.url : "";
    const toBank = await fetch(challengedPage, form({ cardnumber: CARD.challenge, cardexpiry: "12/39", cardcvc: "123" }));
    expect(toBank.headers.get("location")).toContain("/_stand-in/3ds/");
    const home = await fetch(toBank.headers.get("location")!, form({ outcome: "fail" }));
    expect(home.headers.get("location")).toContain("status=failed&paymentjobref=");
  });
});
