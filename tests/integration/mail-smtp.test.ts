import { eq } from "drizzle-orm";
import { first, withTransaction } from "../../db/client";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema";
import { createMailer } from "../../src/server/mail/mailer";
import { marketingMail } from "../../src/server/mail/marketing";
import { enqueueMail, MAX_ATTEMPTS, type MailMessage } from "../../src/server/mail/outbox";
import { silentLogger } from "../../src/server/logger";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { commitInstantPrizes, unitsOf } from "../../src/server/services/competitions/instant-wins";
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
await allowGuestCheckout(db);

/** The parts of a received MIME message, decoded (quoted-printable or base64), by content type. */
function parts(raw: string): Map<string, { headers: string; body: string }> {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) throw new Error("not a multipart message");
  const found = new Map<string, { headers: string; body: string }>();
  for (const chunk of raw.split(`--${boundary}`).slice(1, -1)) {
    const at = chunk.indexOf("\r\n\r\n");
    const headers = chunk.slice(0, at);
    const encoded = chunk.slice(at + 4).replace(/\r\n$/, "");
    const encoding = /Content-Transfer-Encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    const body =
      encoding === "base64"
        ? Buffer.from(encoded, "base64").toString("utf8")
        : encoding === "quoted-printable"
          ? Buffer.from(
              encoded.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
              "latin1",
            ).toString("utf8")
          : encoded;
    found.set(/Content-Type:\s*([\w/-]+)/i.exec(headers)![1]!.toLowerCase(), { headers, body });
  }
  return found;
}

/** A top-level header of a received message, unfolded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  return head
    .split("\r\n")
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();
}

const queue = (message: MailMessage) => withTransaction(db, (tx) => enqueueMail(tx, message));

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
    const row = (await first(db.select().from(mailOutbox).where(eq(mailOutbox.to, "gwen@example.test")).limit(1)))!;
    expect(row.status).toBe("sent");
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it("sends the HTML part in the shop's frame beside the plain text, values escaped, with Reply-To", async () => {
    const mailer = createMailer(db, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "Harvest Draws <no-reply@harvestdraws.test>",
      replyTo: "hello@harvestdraws.test",
      logger: silentLogger,
    });
    const c = await createCompetition(db, { title: "Baler <Deluxe> & Trailer" });
    const result = await placeOrder(
      { db, payments: new SimulatedPaymentProvider(0), mailer },
      {
        userId: null,
        customerName: "Rhys O'Neil",
        customerEmail: "rhys@example.test",
        lines: [{ competitionId: c.id, quantity: 3, answer: "green" }],
        method: { token: "sim_approve" },
        returnUrl: "/checkout/complete",
      },
    );
    await mailer.flush();
    mailer.stop();
    const mail = received.find((m) => m.to.includes("rhys@example.test"))!;
    expect(mail).toBeDefined();
    expect(header(mail.raw, "Reply-To")).toBe("hello@harvestdraws.test");
    expect(header(mail.raw, "Content-Type")).toMatch(/^multipart\/alternative;/);
    const found = parts(mail.raw);
    expect([...found.keys()]).toEqual(["text/plain", "text/html"]);
    const text = found.get("text/plain")!.body;
    const html = found.get("text/html")!.body;
    expect(text).toContain("Baler <Deluxe> & Trailer — £");
    expect(text).toContain("Hello Rhys O'Neil,");
    expect(html).toContain(">Harvest Draws</p>");
    expect(html).toContain("background:#26522c");
    expect(html).toContain("Baler &lt;Deluxe&gt; &amp; Trailer");
    expect(html).toContain("Hello Rhys O&#39;Neil,");
    expect(html).not.toContain("<Deluxe>");
    expect(html).not.toMatch(/<script|<img|src=/i);
    for (const n of result.lines[0]!.ticketNumbers) expect(html).toContain(n);
    // The order is named by the reference the success screen and the account show, never by its long id.
    expect(result.reference).toMatch(/^[0-9A-F]{8}$/);
    expect(text).toContain(`Order reference: ${result.reference}`);
    expect(html).toContain(result.reference);
    expect(html).not.toContain(result.orderId);
  });

  it("sends an instant win's mail, queued by the sale without its HTML, with the HTML rendered when it is sent", async () => {
    const mailer = createMailer(db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: "Harvest Draws <no-reply@harvestdraws.test>", logger: silentLogger });
    const c = await createCompetition(db, { title: "Instant <Quad>", maxTickets: 5, allocation: "random", pickNumbers: true });
    await withTransaction(db, (tx) => commitInstantPrizes(tx, c, [{ name: "£5 site credit", kind: "credit", valuePence: 500, count: 1 }], new Date()));
    const [winning] = (await unitsOf(db, c.id)).map((u) => u.ticketNumber);
    await placeOrder(
      { db, payments: new SimulatedPaymentProvider(0), mailer, origin: "https://shop.example.test" },
      {
        userId: null,
        customerName: "Nia Price",
        customerEmail: "nia@example.test",
        lines: [{ competitionId: c.id, quantity: 1, answer: "green", numbers: [winning!] }],
        method: { token: "sim_approve" },
        returnUrl: "/checkout/complete",
      },
    );
    const queued = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "nia@example.test"));
    expect(queued.find((m) => m.kind === "instant_win")).toMatchObject({ html: null, status: "queued" });
    await mailer.flush();
    mailer.stop();
    const mail = received.find((m) => m.to.includes("nia@example.test") && m.raw.includes("won instantly"))!;
    expect(mail).toBeDefined();
    const found = parts(mail.raw);
    expect([...found.keys()]).toEqual(["text/plain", "text/html"]);
    expect(found.get("text/plain")!.body).toContain(`£5 site credit on ticket ${winning}`);
    const html = found.get("text/html")!.body;
    expect(html).toContain("You&#39;ve won instantly!");
    expect(html).toContain("Instant &lt;Quad&gt;");
    expect(html).toContain(`Ticket ${winning}`);
    expect(html).toContain('href="https://shop.example.test/account"');
  });

  it("sends marketing mail with one-click List-Unsubscribe headers and the footer link in both parts", async () => {
    const mailer = createMailer(db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: "Harvest Draws <no-reply@harvestdraws.test>", logger: silentLogger });
    await queue(
      marketingMail(
        { to: "news@example.test", subject: "New this week", heading: "New competitions", text: "A tractor & a trailer.\n\nDrawn on Monday." },
        { origin: "https://shop.example.test/", token: "tok/en+1" },
      ),
    );
    await mailer.flush();
    mailer.stop();
    const mail = received.find((m) => m.to.includes("news@example.test"))!;
    expect(mail).toBeDefined();
    expect(header(mail.raw, "List-Unsubscribe")).toBe("<https://shop.example.test/api/mail/unsubscribe/tok%2Fen%2B1>");
    expect(header(mail.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const found = parts(mail.raw);
    expect(found.get("text/plain")!.body).toContain("https://shop.example.test/unsubscribe?token=tok%2Fen%2B1");
    expect(found.get("text/html")!.body).toContain('href="https://shop.example.test/unsubscribe?token=tok%2Fen%2B1"');
    expect(found.get("text/html")!.body).toContain("A tractor &amp; a trailer.");
    const row = (await first(db.select().from(mailOutbox).where(eq(mailOutbox.to, "news@example.test")).limit(1)))!;
    expect(row).toMatchObject({ status: "sent", kind: "marketing" });
  });

  it("keeps mail queued with the error when the SMTP server cannot be reached", async () => {
    const mailer = createMailer(db, { smtpUrl: "smtp://127.0.0.1:1", from: "x@example.test", logger: silentLogger });
    await db.insert(mailOutbox).values({ to: "later@example.test", subject: "Later", text: "Later" });
    await mailer.flush();
    mailer.stop();
    const row = (await first(db.select().from(mailOutbox).where(eq(mailOutbox.to, "later@example.test")).limit(1)))!;
    expect(row.status).toBe("queued");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeTruthy();
  });

  it("backs off after each failure (1 min, 5 min, 30 min, 2 h), never retrying early, and marks the mail failed after the last attempt", async () => {
    let clock = new Date("2030-01-01T09:00:00Z");
    const mailer = createMailer(db, { smtpUrl: "smtp://127.0.0.1:1", from: "x@example.test", logger: silentLogger, now: () => clock });
    const id = await queue({ to: "backoff@example.test", subject: "Backing off", text: "Try again", kind: "refund" });
    const row = async () => (await first(db.select().from(mailOutbox).where(eq(mailOutbox.id, id))))!;
    const minutes = (m: number) => new Date(clock.getTime() + m * 60_000);

    for (const [attempt, waitMinutes] of [
      [1, 1],
      [2, 5],
      [3, 30],
      [4, 120],
    ] as const) {
      await mailer.flush();
      expect(await row()).toMatchObject({ status: "queued", attempts: attempt });
      expect((await row()).nextAttemptAt).toEqual(minutes(waitMinutes));
      expect((await row()).lastError).toBeTruthy();
      // Not tried again before its time…
      clock = minutes(waitMinutes - 0.5);
      await mailer.flush();
      expect((await row()).attempts).toBe(attempt);
      // …and tried once it has come.
      clock = minutes(0.5);
    }
    await mailer.flush();
    mailer.stop();
    expect(await row()).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, nextAttemptAt: null });
    expect((await row()).lastError).toBeTruthy();
  });
});
