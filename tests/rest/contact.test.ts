import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages, mailOutbox } from "../../db/schema";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

/**
 * The contact form sends mail to whatever address it is given, so its acknowledgement must not be
 * a way to mail strangers words of the sender's choosing: it quotes nothing the sender wrote, and an
 * address gets at most one a day.
 */
const db = createTestDb();
const api = await startTestServer(db);

const phish = {
  name: "Visit http://phish.test/login now",
  subject: "Visit http://phish.test now",
  message: "Your account is locked. Visit http://phish.test/unlock to restore it.",
};

const outboxFor = async (to: string) => await db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const messagesFrom = async (email: string) => await db.select().from(contactMessages).where(eq(contactMessages.email, email));

describe("the contact acknowledgement", () => {
  it("quotes nothing the sender wrote, not even the name; the message is stored as written", async () => {
    const to = "victim@example.test";
    const res = await api.request("/api/contact", { body: { ...phish, email: to } });
    expect(res.status).toBe(200);
    const [ack, ...more] = await outboxFor(to);
    expect(more).toHaveLength(0);
    expect(ack!.subject).toBe("We've received your message");
    for (const part of [ack!.subject, ack!.text, ack!.html ?? ""]) {
      expect(part).not.toContain("phish");
      expect(part).not.toContain("http");
      expect(part).not.toContain("Visit");
    }
    expect(ack!.text).toMatch(/^Hello,\n/);
    expect(ack!.text).toContain("24-48 hours");
    // Admins still read what was sent.
    expect(await messagesFrom(to)).toEqual([expect.objectContaining({ name: phish.name, subject: phish.subject, message: phish.message })]);
  });

  it("gives a complaint its reference and deadline, and nothing else from the complaint", async () => {
    const to = "complainant@example.test";
    const res = await api.request("/api/contact", { body: { ...phish, email: to, kind: "complaint" } });
    expect(res.status).toBe(200);
    expect(res.json.reference).toMatch(/^CMP-\d{8}-[0-9A-F]{6}$/);
    const [ack] = await outboxFor(to);
    expect(ack!.subject).toBe(`Your complaint ${res.json.reference} has been received`);
    expect(ack!.text).toContain(res.json.reference);
    expect(ack!.text).toMatch(/respond in full by \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(`${ack!.subject}\n${ack!.text}`).not.toMatch(/phish|http|Visit/);
    expect((await messagesFrom(to))[0]).toMatchObject({ kind: "complaint", reference: res.json.reference, message: phish.message });
  });

  it("is sent once a day to an address: later messages are stored but not acknowledged again", async () => {
    const to = "Repeat@Example.test";
    for (let i = 0; i < 3; i++) {
      const res = await api.request("/api/contact", {
        body: { name: "Gwen Morgan", email: to, subject: `Question number ${i}`, message: "When is the next tractor draw?" },
      });
      expect(res.status).toBe(200);
      expect(res.json.success).toBe(true);
    }
    expect(await outboxFor("repeat@example.test")).toHaveLength(1);
    // A complaint still gets its own acknowledgement (its reference and deadline), once a day too.
    for (let i = 0; i < 2; i++) {
      const complaint = await api.request("/api/contact", {
        body: { name: "Gwen Morgan", email: to, subject: "A complaint", message: "My entry is missing from my account.", kind: "complaint" },
      });
      expect(complaint.status).toBe(200);
      expect(complaint.json.reference).toMatch(/^CMP-/);
    }
    expect(await messagesFrom("repeat@example.test")).toHaveLength(5);
    const acks = await outboxFor("repeat@example.test");
    expect(acks).toHaveLength(2);
    expect(acks.filter((m) => /^Your complaint CMP-/.test(m.subject))).toHaveLength(1);

    // A day later the address is acknowledged again.
    await db
      .update(mailOutbox)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(mailOutbox.to, "repeat@example.test"));
    await db
      .update(contactMessages)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(contactMessages.email, "repeat@example.test"));
    const nextDay = await api.request("/api/contact", {
      body: { name: "Gwen Morgan", email: to, subject: "Another question", message: "Do you deliver to Ceredigion?" },
    });
    expect(nextDay.status).toBe(200);
    expect(await outboxFor("repeat@example.test")).toHaveLength(3);
  });

  it("does not count other mail to the address (an order confirmation) as an acknowledgement", async () => {
    const to = "buyer@example.test";
    await db.insert(mailOutbox).values({ to, subject: "Your Harvest Draws entry is confirmed", text: "Ticket numbers: 1" });
    await api.request("/api/contact", { body: { name: "Bryn Evans", email: to, subject: "About my order", message: "Can I change my ticket numbers?" } });
    expect((await outboxFor(to)).map((m) => m.subject).sort()).toEqual(["We've received your message", "Your Harvest Draws entry is confirmed"]);
  });
});
