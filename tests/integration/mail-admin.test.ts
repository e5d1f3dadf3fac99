import { TRPCError } from "@trpc/server";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first, withTransaction } from "../../db/client";
import { auditLog, mailOutbox } from "../../db/schema";
import { enqueueMail, markMailAttemptFailed, queuedMail } from "../../src/server/mail/outbox";
import { MAIL_TEMPLATE_KINDS } from "../../src/shared/schemas/mail";
import { callerAs } from "../helpers/caller";
import { createTestDb } from "../helpers/db";

/** The back office's mail tools: previews of every template, the failures list, and retry. */
const db = createTestDb();
const { caller: admin, user } = await callerAs(db, "admin");
const { caller: customer } = await callerAs(db, "customer");

const queue = (to: string, kind = "refund") => withTransaction(db, (tx) => enqueueMail(tx, { to, subject: `Mail to ${to}`, text: "Hello", kind }));

/** Fails a mail's every attempt, as an SMTP server that refuses it would. */
async function failEveryAttempt(id: string, error = "550 mailbox unavailable") {
  let outcome;
  do outcome = await markMailAttemptFailed(db, id, error, new Date());
  while (outcome.status === "queued");
}

describe("admin.mail", () => {
  it("lists every template kind, and renders each with the shop's frame and a plain-text part", async () => {
    const templates = await admin.admin.mail.templates();
    expect(templates.map((t) => t.kind)).toEqual([...MAIL_TEMPLATE_KINDS]);
    for (const t of templates) {
      const preview = await admin.admin.mail.preview({ kind: t.kind });
      expect(preview.kind).toBe(t.kind);
      expect(preview.subject.length, t.kind).toBeGreaterThan(5);
      expect(preview.text, t.kind).toContain("Harvest Draws");
      expect(preview.html, t.kind).toMatch(/^<!DOCTYPE html>/);
      expect(preview.html, t.kind).toContain(">Harvest Draws</p>");
      expect(preview.html, t.kind).not.toMatch(/<script|<img/i);
      if (t.transactional) expect(preview.headers, t.kind).toEqual({});
      else expect(preview.headers, t.kind).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    }
  });

  it("shows the ticket numbers in the order confirmation preview", async () => {
    const preview = await admin.admin.mail.preview({ kind: "order_confirmation" });
    expect(preview.text).toContain("Ticket numbers: 104, 105, 106");
    expect(preview.html).toContain("104, 105, 106");
  });

  it("refuses an unknown kind", async () => {
    await expect(admin.admin.mail.preview({ kind: "nope" as "winner" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("lists mail that failed or is backing off, not mail that is waiting its first try or was sent", async () => {
    const fresh = await queue("fresh@example.test");
    const retrying = await queue("retrying@example.test");
    await markMailAttemptFailed(db, retrying, "421 try later", new Date());
    const failed = await queue("failed@example.test", "winner");
    await failEveryAttempt(failed);

    const failures = await admin.admin.mail.failures();
    const ids = failures.map((f) => f.id);
    expect(ids).toContain(retrying);
    expect(ids).toContain(failed);
    expect(ids).not.toContain(fresh);
    expect(failures.find((f) => f.id === retrying)).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: "421 try later",
      nextAttemptAt: expect.any(String),
    });
    expect(failures.find((f) => f.id === failed)).toMatchObject({
      status: "failed",
      attempts: 5,
      kind: "winner",
      to: "failed@example.test",
      nextAttemptAt: null,
    });
  });

  it("retry puts a failed mail back in the queue with fresh attempts, audited", async () => {
    const id = await queue("again@example.test");
    await failEveryAttempt(id);
    expect((await queuedMail(db, 500)).map((m) => m.id)).not.toContain(id);

    const answer = await admin.admin.mail.retry({ id });
    expect(answer).toMatchObject({ id, status: "queued", attempts: 0, nextAttemptAt: null });
    expect((await queuedMail(db, 500)).map((m) => m.id)).toContain(id);
    expect(await first(db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))).toMatchObject({ status: "queued", attempts: 0 });
    const audit = await first(db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1));
    expect(audit).toMatchObject({ action: "admin.mail.retry", targetType: "mail", targetId: id, actorId: user!.id });
  });

  it("retry refuses mail that has not failed (409) and mail that does not exist (404)", async () => {
    const queued = await queue("queued@example.test");
    await expect(admin.admin.mail.retry({ id: queued })).rejects.toMatchObject({ code: "CONFLICT", cause: { code: "INVALID_STATE" } });
    await expect(admin.admin.mail.retry({ id: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("is for admins only: a customer gets 403", async () => {
    for (const call of [
      () => customer.admin.mail.templates(),
      () => customer.admin.mail.preview({ kind: "winner" }),
      () => customer.admin.mail.failures(),
      () => customer.admin.mail.retry({ id: "x" }),
    ]) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TRPCError);
      expect((err as TRPCError).code).toBe("FORBIDDEN");
    }
  });
});
