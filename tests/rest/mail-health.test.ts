import { afterAll, describe, expect, it } from "vitest";
import { withTransaction, type Db } from "../../db/client";
import { silentLogger } from "../../src/server/logger";
import { createMailer, type Mailer } from "../../src/server/mail/mailer";
import { enqueueMail } from "../../src/server/mail/outbox";
import { createUserWithSession } from "../factories/users";
import { createTestDb } from "../helpers/db";
import { startTestServer, type TestServer } from "../helpers/http";
import { startSmtpServer } from "../helpers/smtp";

/**
 * GET /api/health says whether mail is leaving the shop (public: no error text), and
 * GET /api/admin/mail/status tells an admin since when and why not.
 */
const FROM = "Harvest Draws <no-reply@harvestdraws.test>";

async function shop(smtpUrl?: string): Promise<{ db: Db; api: TestServer; mailer: Mailer; admin: string }> {
  const db = createTestDb();
  const mailer = createMailer(db, { smtpUrl, from: FROM, logger: silentLogger });
  afterAll(() => mailer.stop());
  const api = await startTestServer(db, { services: { mailer } });
  const { token } = await createUserWithSession(db, "admin");
  return { db, api, mailer, admin: token };
}

const queue = (db: Db, to: string) =>
  withTransaction(db, (tx) => enqueueMail(tx, { to, subject: "Your Harvest Draws entry is confirmed", text: "Tickets 1, 2" }));
/** Health reads the outbox at most once a second. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1100));

describe("without SMTP_URL", () => {
  it("health answers 200 with mail not sending (not configured) and the mail waiting in the outbox", async () => {
    const { db, api, admin } = await shop(undefined);
    await queue(db, "a@example.test");
    await queue(db, "b@example.test");
    const res = await api.request("/api/health");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "ok", database: "ok", mail: { sending: false, configured: false, failing: false, queued: 2, failed: 0 } });

    const status = await api.request("/api/admin/mail/status", { token: admin });
    expect(status.status).toBe(200);
    expect(status.json).toEqual({
      sending: false,
      configured: false,
      failing: false,
      queued: 2,
      failed: 0,
      failingSince: null,
      lastError: null,
      lastSentAt: null,
    });
    // Only admins read the details.
    expect((await api.request("/api/admin/mail/status")).status).toBe(401);
    const { token: customer } = await createUserWithSession(db, "user");
    expect((await api.request("/api/admin/mail/status", { token: customer })).status).toBe(403);
  });
});

describe("with an SMTP server", () => {
  it("reports sending once the queue has gone out", async () => {
    const smtp = await startSmtpServer();
    afterAll(() => smtp.close());
    const { db, api, mailer, admin } = await shop(smtp.url);
    await queue(db, "c@example.test");
    await mailer.flush();
    expect(smtp.received.map((m) => m.to)).toEqual([["c@example.test"]]);
    expect((await api.request("/api/health")).json.mail).toEqual({ sending: true, configured: true, failing: false, queued: 0, failed: 0 });
    const status = (await api.request("/api/admin/mail/status", { token: admin })).json;
    expect(status).toMatchObject({ sending: true, failingSince: null, lastError: null });
    expect(Date.parse(status.lastSentAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("reports failing while the server cannot be reached, with the error for admins only", async () => {
    const { db, api, mailer, admin } = await shop("smtp://127.0.0.1:1");
    await queue(db, "d@example.test");
    await mailer.flush();
    const health = await api.request("/api/health");
    expect(health.status).toBe(200);
    expect(health.json).toMatchObject({ status: "ok", mail: { sending: false, configured: true, failing: true, queued: 1, failed: 0 } });
    expect(health.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    const status = (await api.request("/api/admin/mail/status", { token: admin })).json;
    expect(status).toMatchObject({ sending: false, failing: true, queued: 1, lastSentAt: null });
    expect(status.lastError).toMatch(/ECONNREFUSED/);
    expect(Date.parse(status.failingSince)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("reports failing while the server refuses the shop's mail, and sending again once it takes it", async () => {
    const smtp = await startSmtpServer({ refusing: true });
    afterAll(() => smtp.close());
    const { db, api, mailer, admin } = await shop(smtp.url);
    await queue(db, "e@example.test");
    await mailer.flush();
    expect((await api.request("/api/health")).json.mail).toMatchObject({ sending: false, failing: true, queued: 1 });
    expect((await api.request("/api/admin/mail/status", { token: admin })).json.lastError).toMatch(/451/);

    // The server is fixed: the worker's next pass (nothing due yet, backing off) checks it and clears the state.
    smtp.behaviour.refusing = false;
    await mailer.flush();
    await nextSecond();
    expect((await api.request("/api/health")).json.mail).toEqual({ sending: true, configured: true, failing: false, queued: 1, failed: 0 });
    expect((await api.request("/api/admin/mail/status", { token: admin })).json).toMatchObject({ failingSince: null, lastError: null });
  });

  it("a recipient the server does not know is that message's problem: mail is still sending", async () => {
    const smtp = await startSmtpServer({ unknownRecipients: new Set(["nobody@example.test"]) });
    afterAll(() => smtp.close());
    const { db, api, mailer } = await shop(smtp.url);
    await queue(db, "f@example.test");
    await queue(db, "nobody@example.test");
    await mailer.flush();
    expect(smtp.received.map((m) => m.to)).toEqual([["f@example.test"]]);
    expect((await api.request("/api/health")).json.mail).toEqual({ sending: true, configured: true, failing: false, queued: 1, failed: 0 });
  });
});
