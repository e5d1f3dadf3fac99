import { eq } from "drizzle-orm";
import { first, type Db } from "../../db/client";
import { orders, referrals, settings, users, walletEntries } from "../../db/schema";
import { noopMailer } from "../../src/server/mail/mailer";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { createSession } from "../../src/server/auth/session";
import { handlePaymentEvent } from "../../src/server/services/purchase";
import { createCompetition } from "../factories/competitions";
import { createUser, DEFAULT_PASSWORD } from "../factories/users";
import type { TestServer } from "./http";

/** What the referral tests share: the operator's settings, a referrer with a link, a friend signing up through it and buying. */

export const DAY = 86_400_000;

export async function setSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, category: "referrals", updatedAt: new Date(0) })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}

export async function referralsOn(db: Db, over: { window?: number; cap?: number; referrer?: string; referred?: string } = {}): Promise<void> {
  await setSetting(db, "referrals_enabled", "true");
  await setSetting(db, "referral_window_days", String(over.window ?? 14));
  await setSetting(db, "referral_monthly_rewards", String(over.cap ?? 5));
  await setSetting(db, "referral_referrer_reward", over.referrer ?? "5.00");
  await setSetting(db, "referral_referred_reward", over.referred ?? "5.00");
}

let ipCounter = 1;
/** A client address of its own for each caller (the test server trusts X-Forwarded-For), so per-address limits and the same-address rule see different people. */
export const newIp = () => `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

export function referralKit(db: Db, api: TestServer) {
  const call = (path: string, init: Parameters<TestServer["request"]>[1] = {}, ip = newIp()) =>
    api.request(path, { ...init, headers: { "x-forwarded-for": ip, ...init?.headers } });

  /** A verified customer who may refer, with a session, and their share link's code. */
  async function referrer(over: Partial<typeof users.$inferInsert> = {}) {
    const user = await createUser(db, { emailVerified: true, ...over });
    const { token } = await createSession(db, user.id);
    const res = await call("/api/user/referrals", { token });
    if (res.status !== 200 || !res.json.link) throw new Error(`no link: ${res.status} ${res.text}`);
    const code = String(res.json.link).split("/r/")[1]!;
    return { user, token, code, link: res.json.link as string };
  }

  /** Opens a share link as a browser would (redirects not followed): where it goes and the cookie it sets. */
  async function open(path: string) {
    const res = await fetch(api.url + path, { redirect: "manual", headers: { "x-forwarded-for": newIp() } });
    const setCookie = res.headers.getSetCookie();
    return { status: res.status, location: res.headers.get("location"), setCookie, cookie: setCookie[0]?.split(";")[0] ?? null };
  }

  /** Signs up with the share link's cookie (as the browser sends it), from an address of its own; verified when asked. */
  async function signUp(code: string | null, email: string, over: Record<string, unknown> = {}, ip = newIp()) {
    const res = await call(
      "/api/auth/register",
      {
        body: {
          email,
          password: DEFAULT_PASSWORD,
          confirmPassword: DEFAULT_PASSWORD,
          firstName: "Friend",
          lastName: "Joiner",
          dateOfBirth: "1990-02-03",
          ...over,
        },
        headers: code ? { cookie: `referral=${code}` } : {},
      },
      ip,
    );
    if (res.status !== 201 && res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
    return { id: res.json.user.id as string, token: res.json.token as string, res };
  }

  const verify = (id: string) => db.update(users).set({ emailVerified: true }).where(eq(users.id, id));

  let competitionId: string | null = null;
  /** Pays for two £2.50 tickets; the order's id. */
  async function buy(token: string, ip = newIp(), paymentToken = "sim_approve") {
    competitionId ??= (await createCompetition(db, { pricePence: 250, maxTickets: 100_000, title: "Referral Muck Spreader" })).id;
    const res = await call(
      "/api/entries",
      { token, body: { competitionId, customerName: "Friend Joiner", customerEmail: "friend@example.test", answer: "green", quantity: 2, paymentToken } },
      ip,
    );
    if (res.status !== 201) throw new Error(`purchase failed: ${res.status} ${res.text}`);
    return res.json.orderId as string;
  }

  const referralOf = async (referredId: string) => first(db.select().from(referrals).where(eq(referrals.referredId, referredId)));
  const creditOf = async (userId: string) => {
    const rows = await db.select().from(walletEntries).where(eq(walletEntries.userId, userId));
    return { rows, pence: rows.reduce((sum, r) => sum + r.amountPence, 0) };
  };
  const dispute = async (orderId: string) => {
    const order = (await first(db.select().from(orders).where(eq(orders.id, orderId))))!;
    return handlePaymentEvent(
      { db, payments: new SimulatedPaymentProvider(0), mailer: noopMailer },
      {
        id: `evt_${crypto.randomUUID()}`,
        type: "dispute.created",
        paymentId: order.paymentId!,
        disputeId: `dp_${orderId.slice(-6)}`,
        disputeStatus: "needs_response",
        amountPence: order.totalPence,
      },
    );
  };
  return { call, referrer, open, signUp, verify, buy, referralOf, creditOf, dispute };
}
