/**
 * A successful request for every operation of the OpenAPI document, written by hand, and a few
 * refusals met on purpose; tests/helpers/rest-cases.ts derives from each success the refusals every
 * operation of its kind can meet, so a new REST path needs one line here and gets the rest.
 */
import { first, type Db } from "../../db/client";
import { closeEarlyOf } from "./close-early";
import { eq } from "drizzle-orm";
import { contactMessages, mailOutbox, notifications, prizeClaims, settings } from "../../db/schema";
import { campaignPayload, createCompetition } from "../factories/competitions";
import { aboutPagePayload } from "../factories/content";
import { createUser, createUserWithSession, DEFAULT_PASSWORD } from "../factories/users";
import { allowGuestCheckout } from "./db";
import { issueToken } from "../../src/server/auth/tokens";
import { createSession } from "../../src/server/auth/session";
import { publicSessionId } from "../../src/server/services/account";
import type { TestServer } from "./http";

/** What a case sends, before it becomes a URL: path parameters by name, the query, the body and who sends it. */
export interface CaseRequest {
  params?: Record<string, string>;
  query?: Record<string, string | string[]>;
  body?: unknown;
  rawBody?: string;
  /** The session token; absent: the operation's audience (none, a customer's, an admin's). */
  token?: string | null;
  headers?: Record<string, string>;
}

export interface Fixture {
  db: Db;
  /** Makes data through the REST API; its answers are not what a case compares. */
  setup: TestServer;
  customer: { token: string; id: string };
  admin: { token: string; id: string };
  /** An open competition with a paid entry of the customer's. */
  competitionId: string;
  /** The customer's paid order. */
  orderId: string;
  /** A suffix no other call gets. */
  unique: () => string;
}

/** An id of the right shape that names nothing. */
export const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const DAY = 86_400_000;

export async function createFixture(db: Db, setup: TestServer): Promise<Fixture> {
  await allowGuestCheckout(db);
  await db.insert(settings).values({ key: "winners_display_count", value: "12", category: "display" }).onConflictDoNothing();
  const customer = await createUserWithSession(db);
  const admin = await createUserWithSession(db, "admin");
  const competition = await createCompetition(db, { title: "Conformance Baler" });
  const bought = await setup.request("/api/entries", {
    token: customer.token,
    body: { competitionId: competition.id, customerName: "Conformance Buyer", customerEmail: customer.user.email, answer: "green", quantity: 2 },
  });
  if (bought.status !== 201) throw new Error(`fixture purchase failed: ${bought.status} ${bought.text}`);
  let n = 0;
  // Recognisable, so a comparison can set it aside: u1u, u2u…
  const unique = () => `u${++n}u`;
  return {
    db,
    setup,
    customer: { token: customer.token, id: customer.user.id },
    admin: { token: admin.token, id: admin.user.id },
    competitionId: competition.id,
    orderId: bought.json.orderId,
    unique,
  };
}

/** An open competition of its own (its title fixed, so two servers' answers about it compare equal). */
const newCompetition = (fx: Fixture) => createCompetition(fx.db, { title: "Catalogue Tractor" });

async function freshCustomer(fx: Fixture) {
  const { user, token } = await createUserWithSession(fx.db);
  return { id: user.id, token, email: user.email };
}

/** Made through the setup server as the admin: the id of what was created. */
async function made(fx: Fixture, path: string, body: unknown): Promise<string> {
  const res = await fx.setup.request(`/api${path}`, { token: fx.admin.token, body });
  if (res.status >= 300) throw new Error(`setup ${path} failed: ${res.status} ${res.text}`);
  return res.json.id;
}

const slide = (fx: Fixture) => ({ title: `Slide ${fx.unique()}`, image: "/images/hero-harvest.svg", ctaText: "Go", ctaLink: "/competitions" });
// The code is the unique suffix alone (in capitals once stored), so the conformance test can set it aside.
const discountBody = (fx: Fixture) => ({ code: fx.unique(), kind: "percent", percent: 10 });
const popupBody = (fx: Fixture) => ({ title: `Pop-up ${fx.unique()}`, ctaText: "Shop", ctaLink: "/competitions" });
const postal = (fx: Fixture) => ({
  customerName: "Post Person",
  customerEmail: `post-${fx.unique()}@example.test`,
  address: "Farm\nVillage",
  receivedAt: new Date().toISOString(),
  postalReference: `PC-${fx.unique()}`,
  answer: "Green",
  dateOfBirth: "1961-02-03",
});
const entryBody = (competitionId: string, over: Record<string, unknown> = {}) => ({
  competitionId,
  customerName: "Guest Buyer",
  customerEmail: "guest-buyer@example.test",
  answer: "green",
  quantity: 1,
  ...over,
});
/** An order of the customer's, bought through the setup server: paid, or (sim_3ds_required) waiting on the bank's challenge. */
async function order(fx: Fixture, paymentToken = "sim_approve"): Promise<{ orderId: string; nextAction: { type: "redirect"; url: string } | null }> {
  const c = await newCompetition(fx);
  // A buyer may have only two orders waiting on the bank at once: each challenge gets a buyer of its own.
  const token = paymentToken === "sim_3ds_required" ? (await createUserWithSession(fx.db)).token : fx.customer.token;
  const res = await fx.setup.request("/api/entries", { token, body: entryBody(c.id, { paymentToken }) });
  if (res.status !== (paymentToken === "sim_3ds_required" ? 202 : 201)) throw new Error(`setup purchase failed: ${res.status} ${res.text}`);
  return res.json;
}

/** The simulated payment of a new order waiting on the bank's challenge (the last part of its challenge URL). */
const challenge = async (fx: Fixture) => (await order(fx, "sim_3ds_required")).nextAction!.url.split("/").pop()!;

/**
 * A prize claim: a new competition entered through the setup server (by the account of `token`, else
 * by a guest) and drawn by the admin. Its id.
 */
async function claim(fx: Fixture, token: string | null = null): Promise<string> {
  const c = await newCompetition(fx);
  // A guest of its own: the catalogue's usual guest has orders waiting on the bank.
  const bought = await fx.setup.request("/api/entries", { token, body: entryBody(c.id, { customerEmail: `winner-${fx.unique()}@example.test` }) });
  if (bought.status !== 201) throw new Error(`setup purchase failed: ${bought.status} ${bought.text}`);
  const drawn = await fx.setup.request(`/api/admin/competitions/${c.id}/draw`, { token: fx.admin.token, body: { closeEarly: closeEarlyOf(c) } });
  if (drawn.status !== 200) throw new Error(`setup draw failed: ${drawn.status} ${drawn.text}`);
  return (await first(fx.db.select({ id: prizeClaims.id }).from(prizeClaims).where(eq(prizeClaims.competitionId, c.id)).limit(1)))!.id;
}

/** The fixture customer's claim, made once. */
const customerClaims = new WeakMap<Fixture, Promise<string>>();
const customerClaim = (fx: Fixture) => {
  if (!customerClaims.has(fx)) customerClaims.set(fx, claim(fx, fx.customer.token));
  return customerClaims.get(fx)!;
};

/** A verified winner (claiming needs a verified address) and their claim, ready to be claimed. */
async function winner(fx: Fixture): Promise<{ token: string; id: string }> {
  const u = await createUser(fx.db, { emailVerified: true });
  const { token } = await createSession(fx.db, u.id);
  return { token, id: await claim(fx, token) };
}

/** What a winner sends to claim: the factory's date of birth, a GB mainland address. */
const claimBody = (over: Record<string, unknown> = {}) => ({
  dateOfBirth: "1985-06-15",
  choice: "prize",
  phone: "07700 900123",
  address: { line1: "Pant Farm", city: "Machynlleth", postcode: "SY20 8AA", country: "United Kingdom" },
  acceptTerms: true,
  ...over,
});

const notification = async (fx: Fixture, userId: string | null) =>
  (await first(
    fx.db
      .insert(notifications)
      .values({ title: `Note ${fx.unique()}`, message: "For the catalogue", userId })
      .returning(),
  ))!.id;

/** Each operation's success (fresh: it uses something up, so each server gets its own). */
export const SUCCESS: Record<string, { fresh?: boolean; build: (fx: Fixture) => CaseRequest | Promise<CaseRequest> }> = {
  "POST /auth/login": { build: async (fx) => ({ body: { email: (await createUser(fx.db)).email, password: DEFAULT_PASSWORD } }) },
  "POST /auth/register": {
    fresh: true,
    build: (fx) => ({
      body: {
        email: `new-${fx.unique()}@example.test`,
        password: "long-enough-1",
        confirmPassword: "long-enough-1",
        firstName: "Nia",
        lastName: "Jones",
        dateOfBirth: "1990-04-01",
      },
    }),
  },
  "POST /auth/logout": { fresh: true, build: async (fx) => ({ token: (await freshCustomer(fx)).token, body: {} }) },
  "GET /competitions": { build: () => ({}) },
  "GET /competitions/{id}": { build: (fx) => ({ params: { id: fx.competitionId } }) },
  "GET /competitions/{id}/instant-wins": { build: (fx) => ({ params: { id: fx.competitionId } }) },
  "GET /competitions/{id}/numbers": { build: (fx) => ({ params: { id: fx.competitionId }, query: { from: "1", to: "100" } }) },
  "POST /entries": { fresh: true, build: async (fx) => ({ body: entryBody((await newCompetition(fx)).id) }) },
  "GET /winners": { build: () => ({ query: { limit: "5" } }) },
  "GET /hero-slides/active": { build: () => ({}) },
  "GET /statistics": { build: () => ({}) },
  "GET /settings/winners_display_count": { build: () => ({}) },
  "GET /about-page": { build: () => ({}) },
  "GET /categories": { build: () => ({}) },
  "GET /media-settings": { build: () => ({}) },
  "GET /popups": { build: () => ({ query: { page: "/" } }) },
  "GET /shop-mode": { build: () => ({}) },
  "POST /contact": {
    fresh: true,
    build: (fx) => ({ body: { name: "Mair", email: `mair-${fx.unique()}@example.test`, subject: "Postal entries", message: "Where do I send my postcard?" } }),
  },
  "GET /competitions/{id}/draw": { build: (fx) => ({ params: { id: fx.competitionId } }) },
  "GET /health": { build: () => ({}) },
  "GET /auth/user": { build: () => ({}) },
  "PUT /auth/profile": { build: () => ({ body: { firstName: "Rhys", lastName: "Evans", city: "Lincoln" } }) },
  "PUT /auth/password": {
    fresh: true,
    build: async (fx) => ({
      token: (await freshCustomer(fx)).token,
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: "another-horse", confirmPassword: "another-horse" },
    }),
  },
  "POST /auth/forgot-password": { build: async (fx) => ({ body: { email: (await createUser(fx.db)).email } }) },
  "POST /auth/reset-password": {
    fresh: true,
    build: async (fx) => {
      const u = await createUser(fx.db, { firstName: "Nia", lastName: "Jones" });
      return { body: { token: await issueToken(fx.db, u.id, "password_reset", u.email), password: "new-horse-1", confirmPassword: "new-horse-1" } };
    },
  },
  "POST /auth/verify-email": {
    fresh: true,
    build: async (fx) => {
      const u = await createUser(fx.db);
      return { body: { token: await issueToken(fx.db, u.id, "email_verify", u.email) } };
    },
  },
  "POST /mail/unsubscribe/{token}": { build: () => ({ params: { token: "no-such-token" }, body: {} }) },
  "PUT /auth/date-of-birth": {
    fresh: true,
    build: async (fx) => {
      const u = await createUser(fx.db, { firstName: "Nia", lastName: "Jones", dateOfBirth: null });
      return { token: (await createSession(fx.db, u.id)).token, body: { dateOfBirth: "1985-06-15" } };
    },
  },
  "POST /auth/resend-verification": { fresh: true, build: async (fx) => ({ token: (await freshCustomer(fx)).token, body: {} }) },
  "PUT /auth/email": {
    fresh: true,
    build: async (fx) => ({ token: (await freshCustomer(fx)).token, body: { newEmail: `moved-${fx.unique()}@example.test`, password: DEFAULT_PASSWORD } }),
  },
  "GET /auth/sessions": { build: () => ({}) },
  "DELETE /auth/sessions/{id}": {
    fresh: true,
    build: async (fx) => {
      const c = await freshCustomer(fx);
      return { token: c.token, params: { id: publicSessionId((await createSession(fx.db, c.id)).session.id) } };
    },
  },
  "DELETE /auth/sessions": { fresh: true, build: async (fx) => ({ token: (await freshCustomer(fx)).token }) },
  "GET /user/preferences": { build: () => ({}) },
  "PUT /user/preferences": { build: () => ({ body: { marketingEmail: true } }) },
  "PUT /user/checkout": { build: (fx) => ({ body: { items: [{ competitionId: fx.competitionId, quantity: 2 }] } }) },
  "GET /user/export": { build: () => ({}) },
  "GET /admin/customers": { build: () => ({ query: { search: "Last", page: "1" } }) },
  "GET /admin/customers/{id}": { build: (fx) => ({ params: { id: fx.customer.id } }) },
  "GET /admin/customers/{id}/wallet": { build: (fx) => ({ params: { id: fx.customer.id } }) },
  "POST /admin/customers/{id}/credit": {
    fresh: true,
    // A customer of its own each time: the answer is the whole wallet, so a second credit would change it.
    build: async (fx) => ({ params: { id: (await freshCustomer(fx)).id }, body: { amount: "2.50", reason: "Goodwill for a late delivery" } }),
  },
  "POST /admin/customers/{id}/notes": { fresh: true, build: (fx) => ({ params: { id: fx.customer.id }, body: { text: "Rang about their tickets" } }) },
  "POST /admin/orders/{id}/resend-confirmation": { build: (fx) => ({ params: { id: fx.orderId }, body: {} }) },
  "GET /user/entries": { build: () => ({}) },
  "GET /user/wins": { build: () => ({}) },
  "POST /user/track-view": { build: (fx) => ({ body: { competitionId: fx.competitionId } }) },
  "GET /notifications": { build: () => ({}) },
  "POST /notifications": { fresh: true, build: () => ({ body: { title: "Draw tonight", message: "Live at 8pm", type: "info", priority: "high" } }) },
  "GET /notifications/unread-count": { build: () => ({}) },
  "PUT /notifications/{id}/read": { fresh: true, build: async (fx) => ({ params: { id: await notification(fx, fx.customer.id) }, body: {} }) },
  "PUT /notifications/mark-all-read": { build: () => ({ body: {} }) },
  "DELETE /notifications/{id}": { fresh: true, build: async (fx) => ({ params: { id: await notification(fx, fx.customer.id) } }) },
  "GET /orders/{id}": { build: (fx) => ({ params: { id: fx.orderId } }) },
  "GET /user/orders": { build: () => ({}) },
  "GET /user/wallet": { build: () => ({}) },
  "GET /user/referrals": { build: () => ({}) },
  "GET /payments/config": { build: () => ({}) },
  "POST /payments/simulated/tokens": { build: () => ({ body: { cardNumber: "4000 0027 6000 3184", expiryDate: "12/39", cvv: "123" } }) },
  "GET /payments/simulated/authenticate/{id}": { build: async (fx) => ({ params: { id: await challenge(fx) } }) },
  "POST /payments/simulated/authenticate/{id}": { fresh: true, build: async (fx) => ({ params: { id: await challenge(fx) }, body: { outcome: "approve" } }) },
  "GET /user/limits": { build: () => ({}) },
  "PUT /user/limits": { fresh: true, build: async (fx) => ({ token: (await freshCustomer(fx)).token, body: { monthlyLimit: "50.00" } }) },
  "POST /user/break": { fresh: true, build: async (fx) => ({ token: (await freshCustomer(fx)).token, body: { period: "1w" } }) },
  "POST /user/close": { fresh: true, build: async (fx) => ({ token: (await freshCustomer(fx)).token, body: {} }) },
  "GET /admin/settings": { build: () => ({}) },
  "PUT /admin/settings/{key}": { build: () => ({ params: { key: "winners_display_count" }, body: { value: "6" } }) },
  "GET /admin/competitions": { build: () => ({}) },
  "POST /admin/competitions": { fresh: true, build: () => ({ body: campaignPayload() }) },
  "PUT /admin/competitions/{id}": { fresh: true, build: async (fx) => ({ params: { id: (await newCompetition(fx)).id }, body: { status: "closed" } }) },
  "DELETE /admin/competitions/{id}": { fresh: true, build: async (fx) => ({ params: { id: (await newCompetition(fx)).id } }) },
  "POST /admin/competitions/{id}/clone": {
    build: async (fx) => ({ params: { id: (await createCompetition(fx.db, { title: "Catalogue Relisted Tractor", status: "closed" })).id }, body: {} }),
  },
  "GET /hero-slides": { build: () => ({}) },
  "POST /hero-slides": { fresh: true, build: (fx) => ({ body: slide(fx) }) },
  "PATCH /hero-slides/{id}": { fresh: true, build: async (fx) => ({ params: { id: await made(fx, "/hero-slides", slide(fx)) }, body: { order: 3 } }) },
  "DELETE /hero-slides/{id}": { fresh: true, build: async (fx) => ({ params: { id: await made(fx, "/hero-slides", slide(fx)) } }) },
  "GET /admin/categories": { build: () => ({}) },
  "POST /admin/categories": { fresh: true, build: (fx) => ({ body: { name: `Orchards ${fx.unique()}` } }) },
  "PUT /admin/categories/{id}": {
    fresh: true,
    build: async (fx) => ({
      params: { id: await made(fx, "/admin/categories", { name: `Barns ${fx.unique()}` }) },
      body: { name: `Barns ${fx.unique()}`, isActive: false },
    }),
  },
  "DELETE /admin/categories/{id}": {
    fresh: true,
    build: async (fx) => ({ params: { id: await made(fx, "/admin/categories", { name: `Sheds ${fx.unique()}` }) } }),
  },
  "GET /admin/popups": { build: () => ({}) },
  "POST /admin/popups": { fresh: true, build: (fx) => ({ body: popupBody(fx) }) },
  "PUT /admin/popups/{id}": {
    fresh: true,
    build: async (fx) => ({ params: { id: await made(fx, "/admin/popups", popupBody(fx)) }, body: { ...popupBody(fx), priority: 5 } }),
  },
  "DELETE /admin/popups/{id}": { fresh: true, build: async (fx) => ({ params: { id: await made(fx, "/admin/popups", popupBody(fx)) } }) },
  "GET /admin/discount-codes": { build: () => ({}) },
  "POST /admin/discount-codes": { fresh: true, build: (fx) => ({ body: discountBody(fx) }) },
  "PUT /admin/discount-codes/{id}": {
    fresh: true,
    build: async (fx) => ({ params: { id: await made(fx, "/admin/discount-codes", discountBody(fx)) }, body: { percent: 15, maxUses: 50 } }),
  },
  "DELETE /admin/discount-codes/{id}": { fresh: true, build: async (fx) => ({ params: { id: await made(fx, "/admin/discount-codes", discountBody(fx)) } }) },
  "POST /discount-codes/check": {
    build: async (fx) => {
      const code = discountBody(fx);
      await made(fx, "/admin/discount-codes", code);
      return { body: { code: code.code, lines: [{ competitionId: fx.competitionId, quantity: 2 }] } };
    },
  },
  "GET /admin/about-page": { build: () => ({}) },
  "PUT /admin/about-page": { build: () => ({ body: aboutPagePayload() }) },
  "GET /admin/statistics": { build: () => ({}) },
  "PUT /admin/statistics": { build: () => ({ body: { source: "manual", totalWinners: 2214, totalPrizeValue: "11250000.00", totalFollowers: 82400 } }) },
  "GET /admin/winners": { build: () => ({}) },
  "POST /admin/winners": { fresh: true, build: (fx) => ({ body: { competitionId: fx.competitionId, customerName: "Nia W.", testimonial: "Brilliant" } }) },
  "PUT /admin/winners/{id}": {
    fresh: true,
    build: async (fx) => ({
      params: { id: await made(fx, "/admin/winners", { competitionId: fx.competitionId, customerName: "Huw" }) },
      body: { competitionId: fx.competitionId, customerName: "Huw P." },
    }),
  },
  "DELETE /admin/winners/{id}": {
    fresh: true,
    build: async (fx) => ({ params: { id: await made(fx, "/admin/winners", { competitionId: fx.competitionId, customerName: "Ifan" }) } }),
  },
  "GET /admin/entries": { build: (fx) => ({ query: { competitionId: fx.competitionId } }) },
  "GET /admin/entries/search": { build: (fx) => ({ query: { competitionId: fx.competitionId, paymentStatus: "paid", page: "1", pageSize: "1" } }) },
  "GET /admin/entries/export": { build: (fx) => ({ query: { competitionId: fx.competitionId } }) },
  "GET /admin/dashboard": { build: () => ({}) },
  "GET /admin/analytics": { build: () => ({}) },
  "GET /admin/messages": { build: () => ({}) },
  "GET /admin/outbox": { build: () => ({}) },
  "GET /admin/mail/templates": { build: () => ({}) },
  "GET /admin/mail/templates/{kind}": { build: () => ({ params: { kind: "order_confirmation" } }) },
  "GET /admin/mail/failures": { build: () => ({}) },
  "GET /admin/mail/status": { build: () => ({}) },
  "POST /admin/mail/failures/{id}/retry": {
    fresh: true,
    build: async (fx) => ({
      params: {
        id: (await first(
          fx.db
            .insert(mailOutbox)
            .values({
              to: `failed-${fx.unique()}@example.test`,
              subject: "Undeliverable",
              text: "Hello",
              kind: "winner",
              status: "failed",
              attempts: 5,
              lastError: "550 no such mailbox",
            })
            .returning({ id: mailOutbox.id }),
        ))!.id,
      },
      body: {},
    }),
  },
  "POST /campaign-media/upload-url": { fresh: true, build: () => ({ body: { filename: "photo.png" } }) },
  "POST /objects/upload": { fresh: true, build: () => ({ body: {} }) },
  "POST /admin/competitions/{id}/draw": {
    fresh: true,
    build: async (fx) => {
      const c = await newCompetition(fx);
      const bought = await fx.setup.request("/api/entries", { body: entryBody(c.id, { customerEmail: `drawn-${fx.unique()}@example.test` }) });
      if (bought.status !== 201) throw new Error(`setup purchase failed: ${bought.status} ${bought.text}`);
      return { params: { id: c.id }, body: { beacon: "beacon-123", closeEarly: closeEarlyOf(c) } };
    },
  },
  "POST /admin/competitions/{id}/postal-entries": { fresh: true, build: async (fx) => ({ params: { id: (await newCompetition(fx)).id }, body: postal(fx) }) },
  "GET /admin/competitions/{id}/postal-entries": { build: (fx) => ({ params: { id: fx.competitionId } }) },
  "GET /admin/player-protection": { build: () => ({}) },
  "POST /admin/player-protection/{userId}/restrict": {
    fresh: true,
    build: async (fx) => ({ params: { userId: (await freshCustomer(fx)).id }, body: { restricted: true, reason: "Signs of harm reported" } }),
  },
  "GET /admin/complaints": { build: () => ({}) },
  "PUT /admin/complaints/{id}": {
    fresh: true,
    build: async (fx) => {
      const values = {
        name: "Gwen",
        email: `gwen-${fx.unique()}@example.test`,
        subject: "A complaint",
        message: "My entry is missing.",
        kind: "complaint" as const,
        reference: `CMP-T-${fx.unique()}`,
      };
      const id = (await first(
        fx.db
          .insert(contactMessages)
          .values({ ...values, responseDueAt: new Date(Date.now() + 56 * DAY) })
          .returning(),
      ))!.id;
      return { params: { id }, body: { status: "answered", note: "Replied by phone" } };
    },
  },
  "GET /admin/audit-log": { build: () => ({}) },
  "POST /admin/users/{userId}/revoke-sessions": {
    fresh: true,
    build: async (fx) => ({ params: { userId: (await freshCustomer(fx)).id }, body: { reason: "Lost phone" } }),
  },
  "PUT /admin/users/{userId}/date-of-birth": {
    fresh: true,
    build: async (fx) => ({ params: { userId: (await freshCustomer(fx)).id }, body: { dateOfBirth: "1980-01-01", reason: "Checked a passport" } }),
  },
  "GET /admin/notifications": { build: () => ({}) },
  "GET /admin/orders/{id}": { build: (fx) => ({ params: { id: fx.orderId } }) },
  "POST /admin/orders/{id}/refund": {
    fresh: true,
    build: async (fx) => ({ params: { id: (await order(fx)).orderId }, body: { reason: "The customer asked for their money back" } }),
  },
  "DELETE /admin/notifications/{id}": { fresh: true, build: async (fx) => ({ params: { id: await notification(fx, null) } }) },
  "GET /user/claims": { build: () => ({}) },
  "GET /user/claims/{id}": { build: async (fx) => ({ params: { id: await customerClaim(fx) } }) },
  "POST /user/claims/{id}": {
    fresh: true,
    build: async (fx) => {
      const w = await winner(fx);
      return { token: w.token, params: { id: w.id }, body: claimBody() };
    },
  },
  "GET /admin/claims": { build: () => ({ query: { status: "notified" } }) },
  "GET /admin/referrals": { build: () => ({ query: { status: "void", page: "1", pageSize: "20" } }) },
  "GET /admin/claims/summary": { build: () => ({}) },
  "PUT /admin/claims/{id}": { fresh: true, build: async (fx) => ({ params: { id: await claim(fx) }, body: { status: "notified", note: "Rang the winner" } }) },
  "GET /live": { build: () => ({}) },
  "GET /promotion": { build: () => ({}) },
  "GET /admin/live": { build: () => ({}) },
};

/** Refusals met on purpose, beyond the ones every operation of a kind can meet. */
export const MORE: Array<{ operation: string; name: string; fresh?: boolean; build: (fx: Fixture) => CaseRequest | Promise<CaseRequest> }> = [
  {
    operation: "GET /auth/user",
    name: "signed in with the session cookie",
    build: (fx) => ({ token: null, headers: { cookie: `session=${fx.customer.token}` } }),
  },
  {
    operation: "GET /user/entries",
    name: "signed in with a bearer token",
    build: (fx) => ({ token: null, headers: { authorization: `Bearer ${fx.customer.token}` } }),
  },
  {
    operation: "POST /auth/logout",
    name: "a cookie-authenticated write from another site (403)",
    build: async (fx) => ({ token: null, headers: { cookie: `session=${(await freshCustomer(fx)).token}`, origin: "https://evil.example" }, body: {} }),
  },
  {
    operation: "POST /entries",
    name: "a declined payment (402)",
    fresh: true,
    build: async (fx) => ({ body: entryBody((await newCompetition(fx)).id, { paymentToken: "sim_decline" }) }),
  },
  {
    operation: "POST /entries",
    name: "a card that must authenticate first (202)",
    fresh: true,
    build: async (fx) => ({ body: entryBody((await newCompetition(fx)).id, { paymentToken: "sim_3ds_required" }) }),
  },
  {
    operation: "POST /payments/simulated/authenticate/{id}",
    name: "the bank refuses the challenge",
    fresh: true,
    build: async (fx) => ({ params: { id: await challenge(fx) }, body: { outcome: "fail" } }),
  },
  {
    operation: "POST /payments/simulated/tokens",
    name: "a card number that fails the check digit (400)",
    build: () => ({ body: { cardNumber: "4242 4242 4242 4241", expiryDate: "12/39", cvv: "123" } }),
  },
  {
    operation: "POST /admin/orders/{id}/refund",
    name: "an order already refunded in full (409)",
    fresh: true,
    build: async (fx) => {
      const { orderId } = await order(fx);
      const body = { reason: "The customer asked for their money back" };
      const first = await fx.setup.request(`/api/admin/orders/${orderId}/refund`, { token: fx.admin.token, body });
      if (first.status !== 200) throw new Error(`setup refund failed: ${first.status} ${first.text}`);
      // Another refund (the same request again would be the same refund, answered 200).
      return { params: { id: orderId }, body: { reason: "A second refund of the same order" } };
    },
  },
  {
    operation: "POST /admin/orders/{id}/refund",
    name: "more than was paid (409)",
    fresh: true,
    build: async (fx) => ({ params: { id: (await order(fx)).orderId }, body: { amount: "9999.00", reason: "A slip of the keyboard" } }),
  },
  { operation: "GET /admin/entries", name: "entries of refunded orders", build: () => ({ query: { orderStatus: "refunded" } }) },
  { operation: "POST /entries", name: "a wrong answer (422)", build: (fx) => ({ body: entryBody(fx.competitionId, { answer: "blue" }) }) },
  { operation: "POST /entries", name: "a well-formed request for a competition that does not exist", build: () => ({ body: entryBody(UNKNOWN_ID) }) },
  {
    operation: "POST /admin/categories",
    name: "a name already taken (409)",
    build: async (fx) => {
      const name = `Taken ${fx.unique()}`;
      await made(fx, "/admin/categories", { name });
      return { body: { name } };
    },
  },
  { operation: "GET /notifications", name: "another user's notifications (403)", build: async (fx) => ({ query: { userId: (await freshCustomer(fx)).id } }) },
  { operation: "POST /contact", name: "a malformed JSON body (400)", build: () => ({ rawBody: "{", headers: { "content-type": "application/json" } }) },
  { operation: "POST /contact", name: "a body that is not JSON (415)", build: () => ({ rawBody: "hello", headers: { "content-type": "text/plain" } }) },
  { operation: "POST /contact", name: "no body at all (400)", build: () => ({}) },
  {
    operation: "GET /admin/entries",
    name: "a repeated query parameter that is not a list (400)",
    build: () => ({ query: { paymentStatus: ["paid", "failed"] } }),
  },
  {
    operation: "POST /user/claims/{id}",
    name: "a prize already claimed (409)",
    fresh: true,
    build: async (fx) => {
      const w = await winner(fx);
      const first = await fx.setup.request(`/api/user/claims/${w.id}`, { token: w.token, body: claimBody() });
      if (first.status !== 200) throw new Error(`setup claim failed: ${first.status} ${first.text}`);
      return { token: w.token, params: { id: w.id }, body: claimBody({ choice: "prize" }) };
    },
  },
  {
    operation: "POST /user/claims/{id}",
    name: "a date of birth other than the account's (400)",
    fresh: true,
    build: async (fx) => {
      const w = await winner(fx);
      return { token: w.token, params: { id: w.id }, body: claimBody({ dateOfBirth: "1990-01-01" }) };
    },
  },
  {
    operation: "POST /user/claims/{id}",
    name: "an email address not yet verified (403)",
    build: async (fx) => ({ params: { id: await customerClaim(fx) }, body: claimBody() }),
  },
  {
    operation: "PUT /admin/claims/{id}",
    name: "fulfilled before it is claimed (409)",
    fresh: true,
    build: async (fx) => ({ params: { id: await claim(fx) }, body: { status: "fulfilled", reference: "DPD-1" } }),
  },
  {
    operation: "POST /admin/winners",
    name: "a ticket number no paid entry holds (400)",
    build: (fx) => ({ body: { competitionId: fx.competitionId, customerName: "Nia W.", ticketNumber: "999" } }),
  },
  {
    operation: "PUT /auth/profile",
    name: "a body with a key no schema names (stripped)",
    build: () => ({ body: { firstName: "Rhys", lastName: "Evans", role: "admin" } }),
  },
];
