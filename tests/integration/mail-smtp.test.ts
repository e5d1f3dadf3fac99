import { eq } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema";
import { createMailer } from "../../src/server/mail/mailer";
import { silentLogger } from "../../src/server/logger";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { placeOrder } from "../../src/server/services/purchase";
import { createCompetition } from "../factories/competitions";
import { allowGuestCheckout, createTestDb } from "../helpers/db";

/** A real SMTP server on loopback: what the shop sends is what arrives. */
const received: Array<{ from: string; to: string[]; raw: string }> = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    let raw = "";
    stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    stream.on("end", () => {
      received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const port = (smtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const db = createTestDb();
allowGuestCheckout(db);

describe("confirmation mail over SMTP", () => {
  it("delivers the ticket numbers to the buyer and marks the outbox row sent", async () => {
    const mailer = createMailer(db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: "Harvest Draws <no-reply@harvestdraws.test>", logger: silentLogger });
    const c = await createCompetition(db, { title: "SMTP Quad Bike" });
    const result = await placeOrder(
      { db, payments: new SimulatedPaymentProvider(0), mailer },
      {
        userId: null,
        customerName: "Gwen Ellis",
        customerEmail: "gwen@example.test",
        lines: [{ competitionId: c.id, quantity: 2, answer: "green" }],
        method: { token: "sim_approve" },
        returnUrl: "/checkout/complete",
      },
    );
    await mailer.flush();
    mailer.stop();
    const mail = received.find((m) => m.to.includes("gwen@example.test"));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe("no-reply@harvestdraws.test");
    expect(mail!.raw).toContain("Subject: Your Harvest Draws entry is confirmed");
    expect(mail!.raw).toContain("SMTP Quad Bike");
    for (const n of result.lines[0]!.ticketNumbers) expect(mail!.raw).toContain(n);
    const row = db.select().from(mailOutbox).where(eq(mailOutbox.to, "gwen@example.test")).get()!;
    expect(row.status).toBe("sent");
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it("keeps mail queued with the error when the SMTP server cannot be reached", async () => {
    const mailer = createMailer(db, { smtpUrl: "smtp://127.0.0.1:1", from: "x@example.test", logger: silentLogger });
    db.insert(mailOutbox).values({ to: "later@example.test", subject: "Later", text: "Later" }).run();
    await mailer.flush();
    mailer.stop();
    const row = db.select().from(mailOutbox).where(eq(mailOutbox.to, "later@example.test")).get()!;
    expect(row.status).toBe("queued");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeTruthy();
  });
});
