import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { ChargeRequest } from "../../src/server/payments/provider";
import { StripePaymentProvider } from "../../src/server/payments/stripe";
import { startStripeStandIn } from "../helpers/stripe-stand-in";

/**
 * The Stripe adapter, offline, against a stateful stand-in of Stripe's API (tests/helpers/
 * stripe-stand-in.ts). Payments are finalised on the server: the browser's Payment Element makes a
 * ConfirmationToken, the server confirms a PaymentIntent with it. The shop's own services with
 * Stripe (orders, webhooks, refunds, disputes) are in stripe-orders.test.ts.
 */
const standIn = await startStripeStandIn();
afterAll(() => standIn.close());
const provider = new StripePaymentProvider(standIn.providerOptions);

let n = 0;
function request(token: string, over: Partial<ChargeRequest> = {}): ChargeRequest {
  const orderId = `order-${++n}-${crypto.randomUUID().slice(0, 8)}`;
  return {
    amountPence: 1497,
    currency: "GBP",
    orderId,
    idempotencyKey: orderId,
    description: `Harvest Draws order ${orderId}`,
    method: { token },
    email: "buyer@example.test",
    returnUrl: `https://shop.example.test/checkout/complete?order=${orderId}`,
    ...over,
  };
}

const lastIntentCall = () => standIn.calls("POST", "/v1/payment_intents").at(-1)!;
const intentsOf = (orderId: string) => [...standIn.ledger.paymentIntents.values()].filter((pi) => pi.metadata.orderId === orderId);

describe("charging a ConfirmationToken", () => {
  it("creates and confirms one PaymentIntent in pence, and records brand, last four and funding", async () => {
    const token = standIn.confirmationToken("4000 0566 5566 5556");
    const req = request(token);
    const result = await provider.charge(req);
    expect(result).toEqual({
      status: "succeeded",
      paymentId: expect.stringMatching(/^pi_/),
      cardBrand: "visa",
      last4: "5556",
      funding: "debit",
      fingerprint: "65556655visa",
    });
    const sent = lastIntentCall();
    expect(sent.idempotencyKey).toBe(req.orderId);
    expect(sent.params).toMatchObject({
      amount: "1497",
      currency: "gbp",
      confirm: "true",
      confirmation_token: token,
      return_url: req.returnUrl,
      automatic_payment_methods: { enabled: "true" },
      metadata: { orderId: req.orderId },
      expand: ["payment_method"],
    });
    expect(sent.params.use_stripe_sdk).toBeUndefined();
    expect(standIn.paymentIntent((result as { paymentId: string }).paymentId)).toMatchObject({
      status: "succeeded",
      amount: 1497,
      currency: "gbp",
      amount_received: 1497,
    });
  });

  it("reads the card's funding from the confirmation token before any PaymentIntent exists", async () => {
    const before = standIn.calls("POST", "/v1/payment_intents").length;
    const credit = standIn.confirmationToken("5555555555554444");
    expect(await provider.cardFunding({ token: credit })).toBe("credit");
    expect(standIn.calls("GET", `/v1/confirmation_tokens/${credit}`)).toHaveLength(1);
    expect(await provider.cardFunding({ token: standIn.confirmationToken("5200828282828210") })).toBe("debit");
    expect(await provider.cardFunding({ token: standIn.confirmationToken({ card: "4242424242424242", funding: "prepaid" }) })).toBe("prepaid");
    // A REST client's PaymentMethod id is read the same way; an unknown token is "unknown", not an error.
    expect(await provider.cardFunding({ token: "pm_card_visa_debit" })).toBe("debit");
    expect(await provider.cardFunding({ token: "ctoken_not_there" })).toBe("unknown");
    expect(standIn.calls("POST", "/v1/payment_intents")).toHaveLength(before);
  });

  it.each([
    ["4000000000009995", "insufficient_funds", "Your card has insufficient funds."],
    ["4000000000000002", "card_declined", "Your card was declined."],
    ["4000000000000069", "expired_card", "Your card has expired."],
    ["4000000000000127", "incorrect_cvc", "Your card's security code is incorrect."],
  ] as const)("maps the decline of test card %s to %s", async (card, reason, message) => {
    const req = request(standIn.confirmationToken(card));
    expect(await provider.charge(req)).toEqual({ status: "declined", reason, message });
    expect(lastIntentCall().status).toBe(402);
    // Stripe keeps the declined intent; asked again, it says the same.
    const [intent] = intentsOf(req.orderId);
    expect(intent).toMatchObject({ status: "requires_payment_method", payment_method: null });
    expect(await provider.retrieve(intent!.id)).toMatchObject({ status: "declined", reason, paymentId: intent!.id });
  });

  it("answers a processing error (the API refused or unreachable) as an error, without charging", async () => {
    standIn.failNext({ method: "POST", path: "/v1/payment_intents", status: 500 });
    const req = request(standIn.confirmationToken("4242424242424242"));
    expect(await provider.charge(req)).toEqual({ status: "error", message: "The payment processor could not be reached." });
    expect(intentsOf(req.orderId)).toHaveLength(0);
  });
});

describe("idempotency", () => {
  it("the same key twice is one PaymentIntent, the second answer replayed", async () => {
    const req = request(standIn.confirmationToken("4242424242424242"));
    const first = await provider.charge(req);
    const second = await provider.charge(req);
    expect(second).toEqual(first);
    expect(intentsOf(req.orderId)).toHaveLength(1);
    expect(
      standIn
        .calls("POST", "/v1/payment_intents")
        .filter((c) => c.idempotencyKey === req.orderId)
        .map((c) => c.replayed),
    ).toEqual([false, true]);
  });

  it("an answer lost on the way back is retried by the SDK with the same key and charges once", async () => {
    standIn.failNext({ method: "POST", path: "/v1/payment_intents", status: 0, when: "after" });
    const req = request(standIn.confirmationToken("4242424242424242"));
    expect(await provider.charge(req)).toMatchObject({ status: "succeeded" });
    expect(intentsOf(req.orderId)).toHaveLength(1);
  });

  it("the same key with other parameters is refused, not charged again", async () => {
    const req = request(standIn.confirmationToken("4242424242424242"));
    await provider.charge(req);
    expect(await provider.charge({ ...req, amountPence: 999 })).toMatchObject({ status: "error" });
    expect(lastIntentCall()).toMatchObject({ status: 400, replayed: false });
    expect(intentsOf(req.orderId)).toHaveLength(1);
  });
});

describe("3D Secure", () => {
  it("asks Stripe.js to authenticate (an embedded action with the client secret) for the web checkout", async () => {
    const result = await provider.charge(request(standIn.confirmationToken("4000002760003184"), { useSdk: true }));
    expect(result).toMatchObject({ status: "requires_action", nextAction: { type: "embedded", provider: "stripe" } });
    const id = (result as { paymentId: string }).paymentId;
    expect(result).toEqual({
      status: "requires_action",
      paymentId: id,
      nextAction: { type: "embedded", provider: "stripe", clientSecret: standIn.paymentIntent(id).client_secret },
    });
    expect(lastIntentCall().params.use_stripe_sdk).toBe("true");
  });

  it("sends a REST client to the bank's page, which comes back to the return URL", async () => {
    const req = request(standIn.confirmationToken("4000002760003184"));
    const result = await provider.charge(req);
    const id = (result as { paymentId: string }).paymentId;
    expect(result).toEqual({ status: "requires_action", paymentId: id, nextAction: { type: "redirect", url: `${standIn.url}/_test/3ds/${id}` } });
    expect(standIn.paymentIntent(id).next_action).toEqual({
      type: "redirect_to_url",
      redirect_to_url: { url: `${standIn.url}/_test/3ds/${id}`, return_url: req.returnUrl },
    });
    // The page's "Complete" button answers the challenge and sends the buyer back, as Stripe's does.
    const back = await fetch(`${standIn.url}/_test/3ds/${id}`, { method: "POST", body: new URLSearchParams({ outcome: "approve" }), redirect: "manual" });
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get("location")!);
    expect(location.searchParams.get("order")).toBe(req.orderId);
    expect(location.searchParams.get("payment_intent")).toBe(id);
    expect(location.searchParams.get("redirect_status")).toBe("succeeded");
  });

  it("after the buyer authenticates, Stripe's record is a success with the card", async () => {
    const result = await provider.charge(request(standIn.confirmationToken("4000002760003184"), { useSdk: true }));
    const id = (result as { paymentId: string }).paymentId;
    expect(await provider.retrieve(id)).toMatchObject({ status: "requires_action" });
    standIn.authenticate(id, "approve");
    expect(await provider.retrieve(id)).toEqual({
      status: "succeeded",
      paymentId: id,
      cardBrand: "visa",
      last4: "3184",
      funding: "credit",
      fingerprint: expect.stringMatching(/^\d{8}visa$/),
    });
    expect(standIn.lastEvent("payment_intent.succeeded")?.data.object).toMatchObject({ id, status: "succeeded" });
  });

  it("a failed challenge is a decline for authentication, over HTTP as a browser stub would answer it", async () => {
    const result = await provider.charge(request(standIn.confirmationToken("4000002760003184"), { useSdk: true }));
    const id = (result as { paymentId: string }).paymentId;
    const answered = await fetch(`${standIn.url}/_test/authenticate/${id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ outcome: "fail", client_secret: standIn.paymentIntent(id).client_secret }),
    });
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({
      id,
      status: "requires_payment_method",
      last_payment_error: { code: "payment_intent_authentication_failure" },
    });
    expect(await provider.retrieve(id)).toMatchObject({ status: "declined", reason: "authentication_failed", paymentId: id });
    expect(standIn.lastEvent("payment_intent.payment_failed")?.data.object).toMatchObject({ id });
    // A challenge is answered once.
    expect(() => standIn.authenticate(id, "approve")).toThrow(/not waiting on authentication/);
  });

  it("cancels a payment still waiting on its challenge, so it can no longer be completed", async () => {
    const id = ((await provider.charge(request(standIn.confirmationToken("4000002760003184")))) as { paymentId: string }).paymentId;
    await provider.cancel(id);
    expect(standIn.paymentIntent(id).status).toBe("canceled");
    expect(await provider.retrieve(id)).toMatchObject({ status: "declined", paymentId: id });
    expect(() => standIn.authenticate(id, "approve")).toThrow();
    // Best effort: cancelling again (Stripe refuses) does not throw.
    await expect(provider.cancel(id)).resolves.toBeUndefined();
  });
});

describe("refunds and look-ups", () => {
  it("refunds part of a payment once per idempotency key, and refuses more than was paid", async () => {
    const id = ((await provider.charge(request(standIn.confirmationToken("4242424242424242")))) as { paymentId: string }).paymentId;
    const refund = { paymentId: id, amountPence: 500, idempotencyKey: `refund-${id}-0-500`, reason: "Customer asked" };
    const first = await provider.refund(refund);
    expect(first).toEqual({ refundId: expect.stringMatching(/^re_/), amountPence: 500 });
    expect(await provider.refund(refund)).toEqual(first);
    expect(standIn.calls("POST", "/v1/refunds").at(-1)).toMatchObject({ idempotencyKey: refund.idempotencyKey, replayed: true });
    expect(standIn.charges.charge(standIn.paymentIntent(id).latest_charge as string).amount_refunded).toBe(500);
    await expect(provider.refund({ ...refund, amountPence: 1000, idempotencyKey: "refund-too-much" })).rejects.toThrow(/greater than unrefunded amount/);
  });

  it("finds an order's approved PaymentIntent by its metadata, and nothing for an order without one", async () => {
    const paid = request(standIn.confirmationToken("4242424242424242"));
    const charged = await provider.charge(paid);
    expect(await provider.lookup(paid.orderId)).toEqual(charged);
    expect(standIn.calls("GET", "/v1/payment_intents/search").at(-1)!.params).toMatchObject({ query: `metadata['orderId']:'${paid.orderId}'` });
    const declined = request(standIn.confirmationToken("4000000000009995"));
    await provider.charge(declined);
    expect(await provider.lookup(declined.orderId)).toBeNull();
    expect(await provider.lookup("no-such-order")).toBeNull();
    // An id that could break out of the query is never sent.
    const searches = standIn.calls("GET", "/v1/payment_intents/search").length;
    expect(await provider.lookup("x' OR status:'succeeded")).toBeNull();
    expect(standIn.calls("GET", "/v1/payment_intents/search")).toHaveLength(searches);
  });
});

describe("webhook signatures", () => {
  it("accepts an event signed with the endpoint's secret and refuses a tampered, foreign or stale one", async () => {
    const id = ((await provider.charge(request(standIn.confirmationToken("4242424242424242")))) as { paymentId: string }).paymentId;
    const { event, payload, signature } = standIn.signed("payment_intent.succeeded", id);
    expect(provider.verifyWebhook(payload, signature)).toMatchObject({ id: event.id, type: "payment_intent.succeeded", data: { object: { id } } });
    expect(() => provider.verifyWebhook(payload.replace('"succeeded"', '"canceled"'), signature)).toThrow();
    expect(() => provider.verifyWebhook(payload, standIn.signed(event, undefined, "whsec_someone_else").signature)).toThrow();
    const stale = provider.stripe.webhooks.generateTestHeaderString({ payload, secret: standIn.webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(() => provider.verifyWebhook(payload, stale)).toThrow(/tolerance/);
  });
});

describe("the stand-in as its own process (for end-to-end tests)", () => {
  it("prints its address, answers the API and posts signed webhooks to SHOP_URL by itself", async () => {
    // A shop stand-in that verifies what it receives exactly as the shop does.
    const received: Array<{ type: string; object: { id: string; status: string } }> = [];
    const shop = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        try {
          const event = provider.stripe.webhooks.constructEvent(body, String(req.headers["stripe-signature"]), "whsec_process_test");
          received.push({ type: event.type, object: event.data.object as { id: string; status: string } });
          res.writeHead(req.url === "/api/payments/stripe/webhook" ? 200 : 404).end();
        } catch {
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((r) => shop.listen(0, "127.0.0.1", r));
    const script = fileURLToPath(new URL("../helpers/stripe-stand-in.ts", import.meta.url));
    const proc = spawn(process.execPath, ["--import", "tsx", script, "--port", "0"], {
      env: { ...process.env, SHOP_URL: `http://127.0.0.1:${(shop.address() as AddressInfo).port}`, STRIPE_WEBHOOK_SECRET: "whsec_process_test" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = "";
        proc.stdout!.on("data", (c) => {
          out += c;
          if (out.includes("\n")) resolve(out.split("\n")[0]!);
        });
        proc.on("exit", (code) => reject(new Error(`stand-in exited with ${code}`)));
      });
      const started = JSON.parse(line) as { url: string; secretKey: string; publishableKey: string; webhookSecret: string };
      expect(started).toMatchObject({
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
        secretKey: "sk_test_stand_in",
        webhookSecret: "whsec_process_test",
      });
      const api = new URL(started.url);
      const remote = new StripePaymentProvider({ secretKey: started.secretKey, host: api.hostname, port: Number(api.port), protocol: "http" });
      const token = (await (
        await fetch(`${started.url}/_test/confirmation_tokens`, { method: "POST", body: new URLSearchParams({ card: "4000002760003184" }) })
      ).json()) as {
        id: string;
      };
      const charged = await remote.charge(request(token.id, { useSdk: true }));
      expect(charged).toMatchObject({ status: "requires_action", nextAction: { type: "embedded", provider: "stripe" } });
      const id = (charged as { paymentId: string }).paymentId;
      const answered = await fetch(`${started.url}/_test/authenticate/${id}`, { method: "POST", body: new URLSearchParams({ outcome: "approve" }) });
      expect(await answered.json()).toMatchObject({ id, status: "succeeded", payment_method: { card: { last4: "3184" } } });
      await fetch(`${started.url}/_test/idle`, { method: "POST" });
      expect(received.filter((e) => e.object.id === id).map((e) => `${e.type} ${e.object.status}`)).toEqual([
        "payment_intent.created requires_confirmation",
        "payment_intent.requires_action requires_action",
        "payment_intent.succeeded succeeded",
      ]);
      expect(received.map((e) => e.type)).toContain("charge.succeeded");
    } finally {
      proc.kill("SIGTERM");
      await new Promise<void>((r) => shop.close(() => r()));
    }
  });
});
