import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../db/client";
import { competitions } from "../../db/schema";
import { createLogger } from "../../src/server/logger";
import { createCaller } from "../../src/server/routers/_app";
import { createContextInner } from "../../src/server/trpc/context";
import { createCompetition } from "../factories/competitions";
import { createUserWithSession, DEFAULT_PASSWORD } from "../factories/users";
import { allowGuestCheckout, createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

/**
 * No password hash, session token, card number, CVV, qualifying answer, unrevealed draw seed or
 * other user's email appears in any public response or in the server's log.
 */
const db = createTestDb();
await allowGuestCheckout(db);
let log = "";
const sink = new Writable({
  write(chunk, _enc, cb) {
    log += chunk.toString();
    cb();
  },
});
const api = await startTestServer(db, { logger: createLogger("debug", sink) });

const CARD = "4242424242424242";
const CVV = "9731";
const ANSWER = "Zyxwvut-Secret-Answer";

/**
 * Whether a text holds a secret. The four-digit CVV counts only as a value of its own: the same
 * digits inside an id, a hash or a time are not it (they turned up by chance in a random id).
 */
function holds(text: string, secret: string): boolean {
  if (!/^\d{1,4}$/.test(secret)) return text.includes(secret);
  return new RegExp(`(^|[^0-9A-Za-z-])${secret}($|[^0-9A-Za-z-])`).test(text);
}

describe("secrets never leave the server", () => {
  it("public responses and the log hold none of them", async () => {
    const buyer = await createUserWithSession(db);
    const bystander = await createUserWithSession(db);
    const c = await createCompetition(db, { qualifyingAnswer: ANSWER });
    const seedHex = (await first(db.select({ seed: competitions.drawSeed }).from(competitions).where(eq(competitions.id, c.id))))!.seed;

    // Real traffic: a sign-in, a card purchase through the web app's procedure, a REST purchase.
    const login = await api.request("/api/auth/login", { body: { email: buyer.user.email, password: DEFAULT_PASSWORD } });
    expect(login.status).toBe(200);
    // The card goes only to the (simulated) provider's card form, which answers a token for the order.
    const card = await api.request("/api/payments/simulated/tokens", { body: { nameOnCard: "Sec Buyer", cardNumber: CARD, expiryDate: "12/39", cvv: CVV } });
    expect(card.status).toBe(200);
    const caller = createCaller(createContextInner({ db, user: buyer.user, session: buyer.session }));
    await caller.public.entries.checkoutDirect({
      competitionId: c.id,
      customerName: "Sec Buyer",
      customerEmail: buyer.user.email,
      answer: ANSWER,
      tickets: 1,
      paymentToken: card.json.token,
      billing: { address: "1 Road", city: "Town", postcode: "AB1 2CD" },
    });
    await api.request("/api/entries", {
      token: buyer.token,
      body: { competitionId: c.id, customerName: "Sec", customerEmail: buyer.user.email, answer: ANSWER, quantity: 1 },
    });

    const publicPaths = [
      "/api/competitions",
      `/api/competitions/${c.id}`,
      `/api/competitions/${c.id}/draw`,
      "/api/winners",
      "/api/hero-slides/active",
      "/api/statistics",
      "/api/settings/winners_display_count",
      "/api/about-page",
      "/api/popups?page=/",
      "/api/categories",
      "/api/media-settings",
      "/api/health",
      "/api/openapi.json",
      "/api/auth/user",
    ];
    const bodies: string[] = [];
    bodies.push(card.text);
    for (const p of publicPaths) bodies.push((await api.request(p)).text);
    bodies.push((await api.request("/api/user/entries", { token: bystander.token })).text);
    bodies.push((await api.request("/api/notifications", { token: bystander.token })).text);
    // A sign-in answers the caller's own token and profile, and nothing secret besides.
    expect(login.text).not.toContain("$argon2id$");
    expect(login.text).not.toContain(DEFAULT_PASSWORD);
    expect(login.text).not.toContain(bystander.token);

    const secrets: Record<string, string> = {
      "password hash": "$argon2id$",
      "the test password": DEFAULT_PASSWORD,
      "a session token": buyer.token,
      "another session token": bystander.token,
      "the card number": CARD,
      "the CVV": CVV,
      "the qualifying answer": ANSWER,
      "the unrevealed draw seed": seedHex,
      "another user's email": buyer.user.email,
    };
    for (const [name, value] of Object.entries(secrets)) {
      for (const b of bodies) expect(holds(b, value), `${name} in a response`).toBe(false);
    }
    expect(log.length).toBeGreaterThan(100);
    for (const name of [
      "password hash",
      "the test password",
      "a session token",
      "the card number",
      "the CVV",
      "the qualifying answer",
      "the unrevealed draw seed",
    ]) {
      expect(holds(log, secrets[name]!), `${name} in the log`).toBe(false);
    }
  });
});
