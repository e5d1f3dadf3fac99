import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../db/client";
import { settings, users } from "../../db/schema";
import { noopMailer } from "../../src/server/mail/mailer";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { placeOrder } from "../../src/server/services/purchase";
import { VERIFY_LINK_INVALID } from "../../src/shared/schemas/account";
import { createCompetition } from "../factories/competitions";
import { anonCaller, linkToken, mailsTo, refusedWith, registration, SHOP, tokenCaller } from "../helpers/account";
import { createTestDb } from "../helpers/db";

/** Confirming the address, and moving the account to a new one, by mailed link. */
const db = createTestDb();
const HOUR = 3_600_000;
const T0 = new Date("2026-03-02T10:00:00Z");
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);
let n = 0;
const freshEmail = (tag: string) => `${tag}-${++n}-${crypto.randomUUID().slice(0, 6)}@example.test`;

async function register(email = freshEmail("reg"), now = T0) {
  const result = await anonCaller(db, { now }).public.auth.register(registration(email));
  return { ...result, email };
}

const mailOfKind = async (to: string, kind: string) => (await mailsTo(db, to)).filter((m) => m.kind === kind);
const verifyLink = async (to: string) => linkToken((await mailOfKind(to, "email_verification"))[0]!.text, "/auth/verify");
const verify = (token: string, now = T0) => anonCaller(db, { now }).public.auth.verifyEmail({ token });

describe("verification at registration", () => {
  it("queues a verification mail whose link confirms the address", async () => {
    const { token, email, user } = await register();
    expect(user.emailVerified).toBe(false);
    const mails = await mailOfKind(email, "email_verification");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Confirm your email address");
    expect(mails[0]!.text).toContain(`${SHOP}/auth/verify?token=`);
    expect(await (await tokenCaller(db, token, { now: T0 })).public.auth.session()).toMatchObject({ emailVerified: false });

    expect(await verify(await verifyLink(email), at(1))).toEqual({ ok: true, kind: "verified", email });
    expect(await (await tokenCaller(db, token, { now: at(1) })).public.auth.session()).toMatchObject({ emailVerified: true });
    // Once only.
    expect(await refusedWith(verify(await verifyLink(email), at(2)))).toMatchObject({ appCode: "LINK_EXPIRED", message: VERIFY_LINK_INVALID });
  });

  it("expires after 24 hours", async () => {
    const late = await register();
    expect(await refusedWith(verify(await verifyLink(late.email), at(24)))).toMatchObject({
      appCode: "LINK_EXPIRED",
      message: "This link has expired or has already been used.",
    });
    expect((await first(db.select().from(users).where(eq(users.id, late.user.id))))!.emailVerified).toBe(false);
    const inTime = await register();
    expect((await verify(await verifyLink(inTime.email), at(23.9))).kind).toBe("verified");
  });

  it("resends a link while unverified, and says alreadyVerified (sending nothing) once verified", async () => {
    const { token, email } = await register();
    const me = await tokenCaller(db, token, { now: T0 });
    expect(await me.customer.account.resendVerification()).toEqual({ ok: true, alreadyVerified: false });
    expect(await mailOfKind(email, "email_verification")).toHaveLength(2);
    await verify(await verifyLink(email));
    expect(await (await tokenCaller(db, token, { now: T0 })).customer.account.resendVerification()).toEqual({ ok: true, alreadyVerified: true });
    expect(await mailOfKind(email, "email_verification")).toHaveLength(2);
  });
  it("sends at most 3 verification links an hour to one customer", async () => {
    const { token, email } = await register();
    const me = (await tokenCaller(db, token, { now: at(1) })).customer.account;
    for (let i = 0; i < 3; i++) expect((await me.resendVerification()).alreadyVerified).toBe(false);
    expect(await refusedWith(me.resendVerification())).toMatchObject({ appCode: "RATE_LIMITED", code: "TOO_MANY_REQUESTS" });
    expect(await mailOfKind(email, "email_verification")).toHaveLength(4);
  });
});

describe("changing the email address", () => {
  it("needs the right password, and refuses a taken address or the same one", async () => {
    const { token, email } = await register();
    const other = await register();
    const me = (await tokenCaller(db, token, { now: T0 })).customer.account;
    expect(await refusedWith(me.changeEmail({ newEmail: freshEmail("new"), password: "wrong-password" }))).toMatchObject({
      appCode: "WRONG_PASSWORD",
      code: "BAD_REQUEST",
    });
    expect(await refusedWith(me.changeEmail({ newEmail: other.email.toUpperCase(), password: "first-pass-1" }))).toMatchObject({
      appCode: "EMAIL_TAKEN",
      code: "CONFLICT",
    });
    expect(await refusedWith(me.changeEmail({ newEmail: ` ${email.toUpperCase()} `, password: "first-pass-1" }))).toMatchObject({
      appCode: "INVALID_INPUT",
      message: "That is already your email address",
    });
    expect((await mailsTo(db, other.email)).filter((m) => m.kind !== "email_verification")).toHaveLength(0);
  });

  it("mails a link to the new address and a notice to the old; the address changes only when the link is used", async () => {
    const { token, email, user } = await register();
    const oldVerifyLink = await verifyLink(email);
    const newEmail = freshEmail("moved");
    const me = (await tokenCaller(db, token, { now: at(1) })).customer.account;
    expect(await me.changeEmail({ newEmail, password: "first-pass-1" })).toEqual({ ok: true, pendingEmail: newEmail });

    const confirm = await mailOfKind(newEmail, "email_change_confirm");
    expect(confirm).toHaveLength(1);
    expect(confirm[0]!.subject).toBe("Confirm your new email address");
    const notice = await mailOfKind(email, "email_change_notice");
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toContain(newEmail);
    expect(notice[0]!.text).not.toMatch(/token=/);
    expect((await first(db.select().from(users).where(eq(users.id, user.id))))!.email).toBe(email);

    const changeToken = linkToken(confirm[0]!.text, "/auth/verify");
    expect(await verify(changeToken, at(2))).toEqual({ ok: true, kind: "email_changed", email: newEmail });
    const row = (await first(db.select().from(users).where(eq(users.id, user.id))))!;
    expect(row).toMatchObject({ email: newEmail, emailVerified: true });
    expect(await mailOfKind(email, "email_changed")).toHaveLength(1);

    // The old address's verification link is void now, and so is the change link.
    expect((await refusedWith(verify(oldVerifyLink, at(3)))).appCode).toBe("LINK_EXPIRED");
    expect((await refusedWith(verify(changeToken, at(3)))).appCode).toBe("LINK_EXPIRED");
    // The new address signs in; the old one no longer does.
    expect((await anonCaller(db, { now: at(3) }).public.auth.login({ email: newEmail, password: "first-pass-1" })).user.id).toBe(user.id);
    expect((await refusedWith(anonCaller(db, { now: at(3) }).public.auth.login({ email, password: "first-pass-1" }))).appCode).toBe("INVALID_CREDENTIALS");
  });

  it("lets only the newest change request's link work", async () => {
    const { token } = await register();
    const me = (await tokenCaller(db, token, { now: T0 })).customer.account;
    const first = freshEmail("first");
    const second = freshEmail("second");
    await me.changeEmail({ newEmail: first, password: "first-pass-1" });
    await me.changeEmail({ newEmail: second, password: "first-pass-1" });
    const firstLink = linkToken((await mailOfKind(first, "email_change_confirm"))[0]!.text, "/auth/verify");
    expect((await refusedWith(verify(firstLink, at(1)))).appCode).toBe("LINK_EXPIRED");
    const secondLink = linkToken((await mailOfKind(second, "email_change_confirm"))[0]!.text, "/auth/verify");
    expect((await verify(secondLink, at(1))).email).toBe(second);
  });
});

describe("require_verified_email", () => {
  it("refuses an unverified customer's purchase with EMAIL_NOT_VERIFIED and lets a verified one's through", async () => {
    await db
      .insert(settings)
      .values({ key: "require_verified_email", value: "true", category: "player_protection", updatedAt: new Date(0) })
      .onConflictDoUpdate({ target: settings.key, set: { value: "true" } });
    const c = await createCompetition(db);
    const deps = { db, payments: new SimulatedPaymentProvider(0), mailer: noopMailer };
    const buy = (userId: string, email: string) =>
      placeOrder(deps, {
        userId,
        customerName: "Ffion Morgan",
        customerEmail: email,
        lines: [{ competitionId: c.id, quantity: 1, answer: "green" }],
        method: { token: "sim_approve" },
        returnUrl: "/checkout/complete",
      });
    const { email, user } = await register(freshEmail("buyer"), new Date());
    const refused = await refusedWith(buy(user.id, email));
    expect(refused.appCode).toBe("EMAIL_NOT_VERIFIED");
    expect(refused.message).toContain("Please confirm your email address before paying");
    await verify(await verifyLink(email), new Date());
    expect((await buy(user.id, email)).status).toBe("paid");
    await db.update(settings).set({ value: "false" }).where(eq(settings.key, "require_verified_email"));
  });
});
