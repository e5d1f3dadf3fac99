import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { validateSessionToken } from "../../src/server/auth/session";
import { silentLogger } from "../../src/server/logger";
import { createMailer } from "../../src/server/mail/mailer";
import { createUser, DEFAULT_PASSWORD } from "../factories/users";
import { anonCaller, registration, SHOP, tokenCaller } from "../helpers/account";
import { createTestDb } from "../helpers/db";

/** A real SMTP server on loopback: the link a customer clicks is the one that arrives. */
const received: Array<{ to: string[]; raw: string }> = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    let raw = "";
    stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const port = (smtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const db = createTestDb();
const mailer = createMailer(db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: "Harvest Draws <no-reply@harvestdraws.test>", logger: silentLogger });
afterAll(() => mailer.stop());

/** The message as a person reads it: quoted-printable soft breaks joined and =XX escapes decoded. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Delivers the queue and finds the link in the one message that arrived for this address. */
async function deliveredLink(to: string, subject: string, path: "/auth/verify" | "/auth/reset"): Promise<string> {
  await mailer.flush();
  const mails = received.filter((m) => m.to.includes(to) && m.raw.includes(`Subject: ${subject}`));
  expect(mails).toHaveLength(1);
  const text = decodeQuotedPrintable(mails[0]!.raw);
  const match = new RegExp(`${SHOP.replace(/[.]/g, "\\.")}${path.replace(/\//g, "\\/")}\\?token=([a-z2-7]{32})\\b`).exec(text);
  expect(match, `no ${path} link in the delivered message`).not.toBeNull();
  return match![1]!;
}

describe("account links over SMTP", () => {
  it("delivers the registration's verification link, and that link verifies the address", async () => {
    const email = `smtp-verify-${Date.now()}@example.test`;
    const signedUp = await anonCaller(db).public.auth.register(registration(email));
    const token = await deliveredLink(email, "Confirm your email address", "/auth/verify");
    expect(await anonCaller(db).public.auth.verifyEmail({ token })).toEqual({ ok: true, kind: "verified", email });
    expect(await (await tokenCaller(db, signedUp.token)).public.auth.session()).toMatchObject({ email, emailVerified: true });
  });

  it("delivers the reset link, and that link sets a new password and signs in", async () => {
    const user = await createUser(db);
    await anonCaller(db).public.auth.forgotPassword({ email: user.email });
    const token = await deliveredLink(user.email, "Reset your Harvest Draws password", "/auth/reset");
    const signedIn = await anonCaller(db).public.auth.resetPassword({ token, password: "smtp-new-pass", confirmPassword: "smtp-new-pass" });
    expect(signedIn.user.id).toBe(user.id);
    expect((await validateSessionToken(db, signedIn.token)).user?.id).toBe(user.id);
    await expect(anonCaller(db).public.auth.login({ email: user.email, password: DEFAULT_PASSWORD })).rejects.toThrow("Invalid email or password");
    expect((await anonCaller(db).public.auth.login({ email: user.email, password: "smtp-new-pass" })).user.id).toBe(user.id);
    // The notice that the password changed arrives too.
    await mailer.flush();
    expect(received.some((m) => m.to.includes(user.email) && m.raw.includes("Subject: Your Harvest Draws password was changed"))).toBe(true);
  });
});
