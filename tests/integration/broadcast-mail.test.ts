import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema";
import { createCaller } from "../../src/server/routers/_app";
import { createContextInner } from "../../src/server/trpc/context";
import { createUser, createUserWithSession } from "../factories/users";
import { createTestDb } from "../helpers/db";

/**
 * A broadcast may also go by email, but only to customers who opted in to marketing, and every such
 * mail carries RFC 8058 one-click unsubscribe headers that point at the shop's own origin.
 */
const db = createTestDb();
const ORIGIN = "https://shop.example";
const { user: admin, session } = await createUserWithSession(db, "admin");
const caller = createCaller(createContextInner({ db, user: admin, session, authSource: "header", origin: ORIGIN }));

const mailsTo = async (email: string) => await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

describe("broadcast by email", () => {
  it("mails opted-in customers only, each with List-Unsubscribe headers and a footer link", async () => {
    const optedIn = await createUser(db, { marketingEmail: true });
    const notOptedIn = await createUser(db, { marketingEmail: false });
    const closed = await createUser(db, { marketingEmail: true, isActive: false });

    await caller.admin.reports.createNotification({ title: "Harvest week", message: "Double tickets all week.", emailOptedIn: true });

    const [mail, ...others] = await mailsTo(optedIn.email);
    expect(others).toHaveLength(0);
    expect(mail).toMatchObject({ kind: "broadcast", subject: "Harvest week" });
    expect(mail!.text).toContain("Double tickets all week.");
    const headers = mail!.headers ?? {};
    expect(headers["List-Unsubscribe"]).toMatch(/^<https:\/\/shop\.example\/api\/mail\/unsubscribe\/[^>]+>$/);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.text).toContain(`${ORIGIN}/unsubscribe?token=`);

    expect(await mailsTo(notOptedIn.email)).toHaveLength(0);
    expect(await mailsTo(closed.email)).toHaveLength(0);
  });

  it("the unsubscribe link in the mail works: the next broadcast does not reach them", async () => {
    const customer = await createUser(db, { marketingEmail: true });
    await caller.admin.reports.createNotification({ title: "First news", message: "Hello", emailOptedIn: true });
    const token = /unsubscribe\/([^>\s]+)>/.exec((await mailsTo(customer.email))[0]!.headers!["List-Unsubscribe"]!)![1]!;

    const anonymous = createCaller(createContextInner({ db }));
    await anonymous.public.auth.unsubscribe({ token: decodeURIComponent(token) });
    await caller.admin.reports.createNotification({ title: "Second news", message: "Hello again", emailOptedIn: true });

    expect((await mailsTo(customer.email)).map((m) => m.subject)).toEqual(["First news"]);
  });

  it("sends no mail when the box is not ticked, nor for a notification to one customer", async () => {
    const customer = await createUser(db, { marketingEmail: true });
    await caller.admin.reports.createNotification({ title: "Site only", message: "Just the bell" });
    await caller.admin.reports.createNotification({ title: "Just for you", message: "Hi", userId: customer.id, emailOptedIn: true });
    expect(await mailsTo(customer.email)).toHaveLength(0);
  });
});
