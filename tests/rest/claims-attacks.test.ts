import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { first } from "../../db/client";
import { auditLog, competitions, notifications, prizeClaims, users, winners } from "../../db/schema";
import { ensureDefaultSettings } from "../../src/server/services/settings";
import { createCompetition } from "../factories/competitions";
import { DEFAULT_PASSWORD } from "../factories/users";
import { linkToken, mailsTo } from "../helpers/account";
import { allowGuestCheckout, createTestDb } from "../helpers/db";
import { salesEnded } from "../helpers/close-early";
import { startTestServer, type ApiInit } from "../helpers/http";
import { account, buy, buyerOf, claimForm, claimRow, DAY, wonAt, type Buyer } from "../helpers/winners";

/**
 * What an attacker tried against issue #17 (prize claims, draw night, the new settings and the CSP
 * of /live), over real HTTP. A refusal is asserted as the user would notice it: the status, the
 * appCode, and that nothing changed. A test that fails names what the attacker achieves.
 */
const db = createTestDb();
await allowGuestCheckout(db);
await ensureDefaultSettings(db);
const api = await startTestServer(db);
const admin = await account(db, { role: "admin" });
const DOB = "1985-06-15";

/** The app serving a built SPA (a stand-in index.html), as production does, for the document CSP. */
const clientDir = mkdtempSync(join(tmpdir(), "harvest-claims-attacks-spa-"));
writeFileSync(join(clientDir, "index.html"), "<!doctype html><title>Harvest Draws</title><div id=root></div>");
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
const spa = await startTestServer(db, { clientDir });

const submit = (id: string, token: string | null, body: unknown, init: ApiInit = {}) => api.request(`/api/user/claims/${id}`, { token, body, ...init });
const read = (id: string, token: string | null) => api.request(`/api/user/claims/${id}`, { token });
const adminPut = (id: string, body: unknown) => api.request(`/api/admin/claims/${id}`, { method: "PUT", token: admin.token, body });
const setting = (key: string, value: string) => api.request(`/api/admin/settings/${key}`, { method: "PUT", token: admin.token, body: { value } });

/** A fresh winner (an account holder, verified unless told otherwise) and their open claim. */
async function winner(over: Parameters<typeof account>[1] = {}, competition: Parameters<typeof wonAt>[3] = {}, at = new Date()) {
  const who = await account(db, over);
  const won = await wonAt(db, at, buyerOf(who.user), competition);
  return { ...who, ...won };
}

/**
 * A winner whose account has no date of birth: a guest entry, claimed by the verified account that
 * holds its address (a checkout by an account always has one).
 */
async function winnerWithoutDob(competition: Parameters<typeof wonAt>[3] = {}) {
  const email = `no-dob-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const won = await wonAt(db, new Date(), { userId: null, email, name: "Dilys Morgan" }, competition);
  const who = await account(db, { email, dateOfBirth: null });
  return { ...who, ...won };
}

/** Straight to the app, past the OpenAPI check of api.request (for bodies the document does not allow). */
async function rawPost(path: string, token: string, body: string) {
  const res = await fetch(api.origin + path, { method: "POST", headers: { "content-type": "application/json", "x-session-token": token }, body });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

/** The claim as stored, minus the bookkeeping columns that say nothing about who owns or chose what. */
const snapshot = async (id: string) => {
  const { updatedAt: _u, ...rest } = await claimRow(db, id);
  return rest;
};

const notesOf = async (userId: string) => await db.select().from(notifications).where(eq(notifications.userId, userId));

describe("another person's claim", () => {
  it("is as unknown as a claim that does not exist, by id, by guessed id and by the tRPC face; nothing about it changes", async () => {
    const victim = await winner();
    const attacker = await account(db);
    const before = await snapshot(victim.claim.id);
    const own = await read(victim.claim.id, attacker.token);
    const unknown = await read("00000000-0000-4000-8000-000000000000", attacker.token);
    expect(own.status).toBe(404);
    expect(unknown.status).toBe(404);
    // The same answer for a real id and a made-up one: no oracle for which ids exist.
    expect(own.json.message).toBe(unknown.json.message);
    expect(own.json.appCode).toBe(unknown.json.appCode);
    for (const guess of [victim.claim.id.toUpperCase(), `${victim.claim.id} `, "1", "%27%20or%201%3D1--"]) {
      expect([400, 404], guess).toContain((await read(guess, attacker.token)).status);
    }
    const posted = await submit(victim.claim.id, attacker.token, claimForm(DOB));
    expect(posted.status).toBe(404);
    const trpc = await api.request(`/api/trpc/customer.claims.get?input=${encodeURIComponent(JSON.stringify({ id: victim.claim.id }))}`, {
      token: attacker.token,
    });
    expect(trpc.status).toBe(404);
    expect((await api.request("/api/user/claims", { token: attacker.token })).json).toEqual([]);
    expect(await snapshot(victim.claim.id)).toEqual(before);
  });

  it("cannot be reached by naming it in the body while the path names one's own claim (the path decides)", async () => {
    const victim = await winner();
    const attacker = await winner();
    // (The OpenAPI document allows no body id; the server lets it through and the path's id wins.)
    const res = await rawPost(`/api/user/claims/${attacker.claim.id}`, attacker.token, JSON.stringify({ ...claimForm(DOB), id: victim.claim.id }));
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(attacker.claim.id);
    expect(await claimRow(db, victim.claim.id)).toMatchObject({ status: "notified", userId: victim.user.id, phone: null, address: null });
    // And the other way round: the victim's claim in the path, one's own in the body.
    const other = await winner();
    const reverse = await rawPost(`/api/user/claims/${victim.claim.id}`, other.token, JSON.stringify({ ...claimForm(DOB), id: other.claim.id }));
    expect(reverse.status).toBe(404);
    expect((await claimRow(db, other.claim.id)).status).toBe("notified");
  });

  it("is not an admin's through the customer paths either: staff cannot read or make a winner's claim as the winner", async () => {
    const victim = await winner();
    expect((await read(victim.claim.id, admin.token)).status).toBe(404);
    expect((await submit(victim.claim.id, admin.token, claimForm(DOB))).status).toBe(404);
    const listed = (await api.request("/api/user/claims", { token: admin.token })).json as Array<{ id: string }>;
    expect(listed.map((c) => c.id)).not.toContain(victim.claim.id);
    expect((await claimRow(db, victim.claim.id)).status).toBe("notified");
  });

  it("of an account's entry is not another verified account's because its entry was made out to that account's address", async () => {
    const owner = await account(db);
    const bystander = await account(db);
    // The owner's order, typed with the bystander's address: the claim is the owner's account's.
    const { claim } = await wonAt(db, new Date(), { userId: owner.user.id, email: bystander.user.email, name: "Owen Price" });
    expect((await read(claim.id, bystander.token)).status).toBe(404);
    expect((await submit(claim.id, bystander.token, claimForm(DOB))).status).toBe(404);
    expect((await read(claim.id, owner.token)).status).toBe(200);
  });
});

describe("a guest entry's claim", () => {
  it("is not taken by an unverified account registered with the winner's address", async () => {
    const email = `guest-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const { claim } = await wonAt(db, new Date(), { userId: null, email, name: "Gwen Guest" });
    const squatter = await account(db, { email, emailVerified: false });
    expect((await api.request("/api/user/claims", { token: squatter.token })).json).toEqual([]);
    expect((await read(claim.id, squatter.token)).status).toBe(404);
    expect((await submit(claim.id, squatter.token, claimForm(DOB))).status).toBe(404);
    expect(await claimRow(db, claim.id)).toMatchObject({ status: "notified", userId: null });
  });

  it("is not taken by asking to change one's address to the winner's: the pending address counts only once its link is used", async () => {
    const email = `guest-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const { claim } = await wonAt(db, new Date(), { userId: null, email, name: "Gwen Guest" });
    const attacker = await account(db);
    const asked = await api.request("/api/auth/email", { method: "PUT", token: attacker.token, body: { newEmail: email, password: DEFAULT_PASSWORD } });
    expect(asked.status).toBe(202);
    // Still the old, verified address until the mailbox's owner follows the link.
    expect((await api.request("/api/auth/user", { token: attacker.token })).json).toMatchObject({ email: attacker.user.email, emailVerified: true });
    expect((await read(claim.id, attacker.token)).status).toBe(404);
    expect((await submit(claim.id, attacker.token, claimForm(DOB))).status).toBe(404);
    expect((await api.request("/api/user/claims", { token: attacker.token })).json).toEqual([]);
    expect(await claimRow(db, claim.id)).toMatchObject({ status: "notified", userId: null });
    // Whoever reads that mailbox is the winner: following the link is what makes the claim theirs.
    const [confirm] = (await mailsTo(db, email)).filter((m) => m.kind === "email_change_confirm");
    expect((await api.request("/api/auth/verify-email", { body: { token: linkToken(confirm!.text, "/auth/verify") } })).status).toBe(200);
    expect((await read(claim.id, attacker.token)).status).toBe(200);
  });
});

describe("claiming twice at once", () => {
  it("20 parallel claims: exactly one 200, the rest 409 INVALID_STATE; one claim, one notification, one mail, one audit row", async () => {
    const w = await winner({}, { cashAlternative: "£5,000" });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        submit(w.claim.id, w.token, claimForm(DOB, { choice: i % 2 ? "cash" : "prize", phone: `07700 9001${String(i).padStart(2, "0")}` })),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.json.appCode).toBe("INVALID_STATE");
    }
    // The stored claim is the one the 200 answered with, not a later writer's.
    expect(await claimRow(db, w.claim.id)).toMatchObject({ status: "claimed", choice: ok[0]!.json.choice, phone: ok[0]!.json.phone });
    expect(await db.select().from(prizeClaims).where(eq(prizeClaims.competitionId, w.competition.id))).toHaveLength(1);
    expect((await notesOf(w.user.id)).filter((n) => n.title === "Claim received")).toHaveLength(1);
    expect((await mailsTo(db, w.user.email)).filter((m) => m.kind === "claim_update")).toHaveLength(1);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "customer.claims.submit"), eq(auditLog.targetId, w.claim.id)));
    expect(audits).toHaveLength(1);
  });

  it("10 parallel 'mark paid' by staff: one 200, one Prize paid mail, the first reference kept", async () => {
    const w = await winner({}, { cashAlternative: "£5,000" });
    expect((await submit(w.claim.id, w.token, claimForm(DOB, { choice: "cash" }))).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => adminPut(w.claim.id, { status: "fulfilled", reference: `FPS-${i}` })));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect((await claimRow(db, w.claim.id)).reference).toBe(ok[0]!.json.reference);
    expect((await mailsTo(db, w.user.email)).filter((m) => m.kind === "claim_update" && m.subject.startsWith("Prize paid"))).toHaveLength(1);
  });

  it("10 parallel hand-added winners for the same ticket: one winner, one claim, one winner mail", async () => {
    const who = await account(db);
    const c = await createCompetition(db, { title: "Hand-Picked Race Trailer" });
    await buy(db, c.id, buyerOf(who.user));
    const body = { competitionId: c.id, customerName: "Huw P.", ticketNumber: "1" };
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.request("/api/admin/winners", { token: admin.token, body })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect(await db.select().from(winners).where(eq(winners.competitionId, c.id))).toHaveLength(1);
    expect(await db.select().from(prizeClaims).where(eq(prizeClaims.competitionId, c.id))).toHaveLength(1);
    expect((await mailsTo(db, who.user.email)).filter((m) => m.kind === "winner")).toHaveLength(1);
  });

  it("a hand-added winner cannot be a second claim on a ticket the draw already picked", async () => {
    const w = await winner();
    const again = await api.request("/api/admin/winners", {
      token: admin.token,
      body: { competitionId: w.competition.id, customerName: "Twice", ticketNumber: w.claim.ticketNumber },
    });
    expect(again.status).toBe(409);
    expect(await db.select().from(prizeClaims).where(eq(prizeClaims.competitionId, w.competition.id))).toHaveLength(1);
  });
});

describe("what the claim form accepts", () => {
  it("refuses extra fields whole (status, userId, deliverable, reference, fulfilment, claimedAt, and inside the address)", async () => {
    const w = await winner();
    const other = await account(db);
    const before = await snapshot(w.claim.id);
    const extras: Array<Record<string, unknown>> = [
      { status: "fulfilled" },
      { userId: other.user.id },
      { deliverable: true },
      { reference: "FPS-FREE" },
      { fulfilment: "paid" },
      { claimedAt: "2020-01-01T00:00:00.000Z" },
      { cashAlternative: "£1,000,000" },
      { address: { ...claimForm(DOB).address, deliverable: true } },
    ];
    for (const extra of extras) {
      const res = await submit(w.claim.id, w.token, { ...claimForm(DOB), ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.json.appCode, JSON.stringify(extra)).toBe("INVALID_INPUT");
    }
    const proto = await submit(w.claim.id, w.token, null, {
      rawBody: JSON.stringify(claimForm(DOB)).replace(/^\{/, '{"__proto__":{"status":"fulfilled"},'),
      headers: { "content-type": "application/json" },
    });
    expect(proto.status).toBe(400);
    const nestedProto = await submit(w.claim.id, w.token, null, {
      rawBody: JSON.stringify(claimForm(DOB)).replace('"address":{', '"address":{"__proto__":{"deliverable":true},'),
      headers: { "content-type": "application/json" },
    });
    expect(nestedProto.status).toBe(400);
    expect(await snapshot(w.claim.id)).toEqual(before);
  });

  it("refuses the cash alternative where none is offered, and records no date of birth on the way", async () => {
    const w = await winnerWithoutDob({ cashAlternative: null });
    const res = await submit(w.claim.id, w.token, claimForm(DOB, { choice: "cash" }));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ appCode: "INVALID_INPUT", message: "This prize has no cash alternative." });
    expect(await claimRow(db, w.claim.id)).toMatchObject({ status: "notified", choice: null });
    expect((await api.request("/api/auth/user", { token: w.token })).json.dateOfBirth).toBeNull();
    for (const choice of ["CASH", "both", "", null]) {
      expect((await submit(w.claim.id, w.token, claimForm(DOB, { choice }))).status, String(choice)).toBe(400);
    }
  });

  it("refuses dates of birth that are not calendar dates, are in the future, or make the winner under 18, and records none of them", async () => {
    const w = await winnerWithoutDob();
    const year = new Date().getUTCFullYear();
    for (const dob of [
      "2001-02-30",
      "2001-13-01",
      "2001-00-10",
      "20010101",
      "2001-1-1",
      "01/02/2001",
      "2001-02-29",
      "1985-06-15T00:00:00Z",
      "",
      "0000-01-01x",
    ]) {
      const res = await submit(w.claim.id, w.token, claimForm(dob));
      expect(res.status, dob).toBe(400);
      expect(res.json.appCode, dob).toBe("INVALID_INPUT");
    }
    for (const dob of [`${year + 1}-01-01`, "2999-12-31"]) {
      expect((await submit(w.claim.id, w.token, claimForm(dob))).status, dob).toBe(400);
    }
    const young = `${year - 10}-01-01`;
    const under = await submit(w.claim.id, w.token, claimForm(young));
    expect(under.status).toBe(403);
    expect(under.json.appCode).toBe("UNDER_18");
    expect((await claimRow(db, w.claim.id)).status).toBe("notified");
    expect((await api.request("/api/auth/user", { token: w.token })).json.dateOfBirth).toBeNull();
  });

  it("locks a date of birth first given at claim time: PUT /api/auth/date-of-birth cannot change it afterwards", async () => {
    const w = await winnerWithoutDob();
    expect((await submit(w.claim.id, w.token, claimForm("1979-03-04"))).status).toBe(200);
    expect((await api.request("/api/auth/user", { token: w.token })).json.dateOfBirth).toBe("1979-03-04");
    const changed = await api.request("/api/auth/date-of-birth", { method: "PUT", token: w.token, body: { dateOfBirth: "2000-01-01" } });
    expect(changed.status).toBe(403);
    expect(changed.json.appCode).toBe("DATE_OF_BIRTH_LOCKED");
    expect((await first(db.select().from(users).where(eq(users.id, w.user.id))))!.dateOfBirth).toBe("1979-03-04");
  });

  it("a date of birth that does not match the account's is 400 DATE_OF_BIRTH_MISMATCH, and does not overwrite it", async () => {
    const w = await winner();
    const res = await submit(w.claim.id, w.token, claimForm("1990-01-01"));
    expect(res.status).toBe(400);
    expect(res.json.appCode).toBe("DATE_OF_BIRTH_MISMATCH");
    expect((await first(db.select().from(users).where(eq(users.id, w.user.id))))!.dateOfBirth).toBe(DOB);
  });

  it("after the claim window the server's clock decides: headers claiming an earlier time change nothing", async () => {
    const w = await winner({}, {}, new Date(Date.now() - 30 * DAY));
    const past = new Date(Date.now() - 29 * DAY);
    const headers = {
      date: past.toUTCString(),
      "x-now": past.toISOString(),
      "x-forwarded-date": past.toUTCString(),
      "if-unmodified-since": past.toUTCString(),
    };
    const res = await submit(w.claim.id, w.token, claimForm(DOB), { headers });
    expect(res.status).toBe(409);
    expect(res.json.appCode).toBe("CLAIM_EXPIRED");
    const viaTrpc = await api.request(`/api/trpc/customer.claims.submit`, { token: w.token, headers, body: { id: w.claim.id, ...claimForm(DOB) } });
    expect(viaTrpc.status).toBe(409);
    expect(await claimRow(db, w.claim.id)).toMatchObject({ status: "notified", claimedAt: null, phone: null });
  });

  it("a body over the limit is 413 and one nested 5,000 deep or with 5,000 addresses is 400; the claim is untouched", async () => {
    const w = await winner();
    const before = await snapshot(w.claim.id);
    const huge = await submit(w.claim.id, w.token, claimForm(DOB, { address: { ...claimForm(DOB).address, line2: "x".repeat(1_200_000) } }));
    expect(huge.status).toBe(413);
    // 5,000 address objects, each the line1 of the next (built as text: JSON.stringify gives up at that depth).
    const form = JSON.stringify(claimForm(DOB, { address: "@" }));
    const address = `${'{"line1":'.repeat(5000)}"Pant Farm"${',"city":"Machynlleth","postcode":"SY20 8AA","country":"United Kingdom"}'.repeat(5000)}`;
    const deep = await submit(w.claim.id, w.token, null, { rawBody: form.replace('"@"', address), headers: { "content-type": "application/json" } });
    expect(deep.status).toBe(400);
    const many = await submit(w.claim.id, w.token, claimForm(DOB, { address: Array.from({ length: 5000 }, () => claimForm(DOB).address) }));
    expect(many.status).toBe(400);
    const brackets = await submit(w.claim.id, w.token, null, {
      rawBody: `{"dateOfBirth":"${DOB}","address":${"[".repeat(5000)}${"]".repeat(5000)}}`,
      headers: { "content-type": "application/json" },
    });
    expect(brackets.status).toBe(400);
    expect(await snapshot(w.claim.id)).toEqual(before);
  });
});

describe("markup typed by a winner or a member of staff", () => {
  it("never reaches a mail's HTML as markup: the entrant's name, the address, the expiry reason; a phone with markup is refused", async () => {
    const who = await account(db);
    const evilName = `<script>alert("n")</script> <img src=x onerror=alert(1)>`;
    const { claim } = await wonAt(db, new Date(), { ...buyerOf(who.user), name: evilName }, { cashAlternative: "£2,000" });
    const [won] = (await mailsTo(db, who.user.email)).filter((m) => m.kind === "winner" && m.text.includes(claim.id));
    expect(won!.html).not.toContain("<script>");
    expect(won!.html).not.toContain("<img src=x");
    expect(won!.html).toContain("&lt;script&gt;");

    const phone = await submit(claim.id, who.token, claimForm(DOB, { phone: "<script>alert(1)</script>" }));
    expect(phone.status).toBe(400);
    const evilAddress = {
      line1: `<svg onload=alert(1)>`,
      line2: `"><script>alert(2)</script>`,
      city: "<b>Town</b>",
      postcode: "SY20 8AA",
      country: "United Kingdom",
    };
    const claimed = await submit(claim.id, who.token, claimForm(DOB, { address: evilAddress }));
    expect(claimed.status).toBe(200);
    // As JSON the address is data, returned as typed; the client renders it as text.
    const listed = (await api.request("/api/admin/claims?status=claimed", { token: admin.token })).json.find((c: { id: string }) => c.id === claim.id);
    expect(listed.address).toEqual(evilAddress);
    expect(listed.customerName).toBe(evilName);
    const expired = await adminPut(claim.id, { status: "expired", note: `<img src=x onerror=alert(3)> "quoted" & <a href="javascript:alert(4)">x</a>` });
    expect(expired.status).toBe(200);
    for (const mail of (await mailsTo(db, who.user.email)).filter((m) => m.kind === "claim_update")) {
      expect(mail.html).not.toMatch(/<(script|svg|img|b>|a href="javascript)/i);
      expect(mail.html).not.toContain('javascript:alert(4)"');
    }
    const closed = (await mailsTo(db, who.user.email)).find((m) => m.kind === "claim_update" && m.subject.startsWith("Claim closed"));
    expect(closed!.html).toContain("&lt;img src=x onerror=alert(3)&gt;");
  });
});

describe("staff changing a claim", () => {
  it("refuses statuses outside the enum, pushing a claim back, fulfilling twice, and extra fields; each leaves the claim as it was", async () => {
    const w = await winner();
    for (const status of ["paid", "delivered", "NOTIFIED", "", "claimed ", null, 1]) {
      const res = await adminPut(w.claim.id, { status, reference: "R-1", note: "Because" });
      expect(res.status, String(status)).toBe(400);
      expect(res.json.appCode).toBe("INVALID_INPUT");
    }
    const extra = await adminPut(w.claim.id, { status: "notified", note: "Rang", userId: admin.user.id, choice: "cash" });
    expect(extra.status).toBe(400);
    expect(await claimRow(db, w.claim.id)).toMatchObject({ status: "notified", userId: w.user.id, contactedAt: null });

    expect((await submit(w.claim.id, w.token, claimForm(DOB))).status).toBe(200);
    const back = await adminPut(w.claim.id, { status: "notified", note: "Rang again" });
    expect(back.status).toBe(409);
    expect(back.json.appCode).toBe("INVALID_STATE");
    const ownClaim = await adminPut(w.claim.id, { status: "claimed" });
    expect(ownClaim.status).toBe(409);
    expect((await adminPut(w.claim.id, { status: "fulfilled", reference: "   " })).status).toBe(400);
    const first = await adminPut(w.claim.id, { status: "fulfilled", reference: "DPD-1" });
    expect(first.status).toBe(200);
    const second = await adminPut(w.claim.id, { status: "fulfilled", reference: "DPD-2" });
    expect(second.status).toBe(409);
    expect((await adminPut(w.claim.id, { status: "expired", note: "Changed my mind" })).status).toBe(409);
    expect(await claimRow(db, w.claim.id)).toMatchObject({ status: "fulfilled", reference: "DPD-1", expiredAt: null });
    expect((await mailsTo(db, w.user.email)).filter((m) => m.kind === "claim_update" && m.subject.startsWith("Prize on its way"))).toHaveLength(1);
  });

  it("deleting a winner from the gallery (DELETE /api/admin/winners/{id}) silently wipes the prize claim the winner made", async () => {
    const w = await winner();
    expect((await submit(w.claim.id, w.token, claimForm(DOB))).status).toBe(200);
    const notesBefore = (await notesOf(w.user.id)).length;
    const removed = await api.request(`/api/admin/winners/${w.claim.winnerId}`, { method: "DELETE", token: admin.token });
    // Either the removal is refused while a claim hangs on the winner, or the claim outlives it.
    if (removed.status === 200) {
      expect(await first(db.select().from(prizeClaims).where(eq(prizeClaims.id, w.claim.id))), "the claim row").toMatchObject({ status: "claimed" });
      expect((await read(w.claim.id, w.token)).status, "the winner's claim page").toBe(200);
      expect((await notesOf(w.user.id)).length, "the winner was told").toBeGreaterThan(notesBefore);
    } else {
      expect(removed.status).toBe(409);
      expect((await claimRow(db, w.claim.id)).status).toBe("claimed");
    }
  });
});

describe("notification links", () => {
  it("no input makes a notification link leave the shop: the admin's POST /api/notifications refuses a link field", async () => {
    const target = await account(db);
    for (const link of ["https://evil.example/", "//evil.example", "javascript:alert(1)", "/account/claims/x"]) {
      const res = await api.request("/api/notifications", { token: admin.token, body: { title: "Prize", message: "Open me", userId: target.user.id, link } });
      expect(res.status, link).toBe(400);
    }
    expect(await notesOf(target.user.id)).toHaveLength(0);
    // A customer's own notification calls take no link either.
    const w = await winner();
    const [note] = await notesOf(w.user.id);
    const marked = await api.request(`/api/notifications/${note!.id}/read`, { method: "PUT", token: w.token, body: { link: "https://evil.example/" } });
    expect(marked.status).toBe(400);
    // What the server writes is a path of the shop, to the winner's own claim.
    for (const n of (await api.request("/api/notifications", { token: w.token })).json as Array<{ link: string | null }>) {
      expect(n.link).toBe(`/account/claims/${w.claim.id}`);
    }
  });
});

describe("live_stream_url", () => {
  const ALLOWED_PLAYERS = new Set(["https://www.youtube-nocookie.com", "https://www.facebook.com"]);

  it("refuses anything but an https YouTube or Facebook page, and /api/live keeps showing no stream", async () => {
    const bad = [
      "javascript:alert(1)",
      "JavaScript:alert(document.domain)//https://youtu.be/dQw4w9WgXcQ",
      "data:text/html,<script>alert(1)</script>",
      "http://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
      "https://youtube.com@evil.example/",
      "https://youtube.com@evil.example/watch?v=dQw4w9WgXcQ",
      "https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com./watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=x",
      `https://www.youtube.com/watch?v=dQw4w9"><script>`,
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ/../../evil",
      "https://www.youtube.com/embed/..%2F..%2Fevil",
      "https://youtu.be/dQw4w9WgXcQ%2F..%2F..%2Fevil",
      "https://www.youtube.com/redirect?q=https://evil.example/",
      "https://www.youtube.com/channel/UC'onload=alert(1)/live",
      "https://www.facebook.com/",
      "https://facebook.com.evil.example/harvest/videos/1/",
      "https://evil.example/?https://www.facebook.com/harvest/videos/1/",
      "//www.youtube.com/watch?v=dQw4w9WgXcQ",
      "",
    ];
    for (const value of bad.filter(Boolean)) {
      const res = await setting("live_stream_url", value);
      expect(res.status, value).toBe(400);
      expect(res.json.appCode, value).toBe("INVALID_INPUT");
    }
    expect((await api.request("/api/live")).json.stream).toBeNull();
  });

  it("accepts YouTube ids and Facebook pages with odd characters only as players on youtube-nocookie.com or facebook.com", async () => {
    const odd = [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=%22%3E%3Cscript%3E",
      "https://m.youtube.com/live/dQw4w9WgXcQ?feature=share",
      "https://www.youtube.com/channel/UCabcdefghijklmnop/live",
      `https://www.facebook.com/harvest/videos/1234567890/?x="><script>alert(1)</script>`,
      "https://www.facebook.com/harvest/videos/1234567890/#'onload='alert(1)",
      "https://www.facebook.com/watch/?v=1234567890&href=https://evil.example/",
      "https://fb.watch/abc-DEF_1/",
    ];
    // Facebook pages that are not a video (a story, an encoded path) are not taken as one.
    for (const value of ["https://m.facebook.com/story.php?story_fbid=1&id=2&&&", "https://www.facebook.com/harvest/videos/%2F%2Fevil.example/"]) {
      expect((await setting("live_stream_url", value)).status, value).toBe(400);
    }
    try {
      for (const value of odd) {
        const saved = await setting("live_stream_url", value);
        expect(saved.status, value).toBe(200);
        const { stream } = (await api.request("/api/live")).json;
        const embed = new URL(stream.embedUrl);
        expect(ALLOWED_PLAYERS.has(embed.origin), `${value} → ${stream.embedUrl}`).toBe(true);
        expect(embed.username + embed.password).toBe("");
        expect(stream.embedUrl).not.toMatch(/[<>"\s]/);
        if (stream.provider === "facebook") {
          expect(embed.pathname).toBe("/plugins/video.php");
          expect(new URL(embed.searchParams.get("href")!).protocol).toBe("https:");
        } else expect(embed.pathname).toMatch(/^\/embed\/[\w-]+$/);
        // The "Watch on …" link is the page as given, still on the provider's host and https.
        expect(new URL(stream.url).protocol).toBe("https:");
        expect(stream.url).not.toMatch(/[<>"\s]/);
      }
    } finally {
      expect((await setting("live_stream_url", "")).status).toBe(200);
    }
  });

  it("an admin's stream link sends /live's visitors to any site through Facebook's link redirector (l.php is taken as a video page)", async () => {
    const redirector = "https://www.facebook.com/l.php?u=https%3A%2F%2Fevil.example%2F&h=AT0";
    try {
      const res = await setting("live_stream_url", redirector);
      // Not a video page: /live's "Watch on Facebook" link would open evil.example by way of Facebook.
      expect(res.status).toBe(400);
      expect((await api.request("/api/live")).json.stream).toBeNull();
    } finally {
      await setting("live_stream_url", "");
    }
  });

  it("a customer cannot set it at all", async () => {
    const customer = await account(db);
    const res = await api.request("/api/admin/settings/live_stream_url", {
      method: "PUT",
      token: customer.token,
      body: { value: "https://youtu.be/dQw4w9WgXcQ" },
    });
    expect(res.status).toBe(403);
    expect((await api.request("/api/live")).json.stream).toBeNull();
  });
});

describe("the CSP's frame-src", () => {
  const policy = async (path: string, method = "GET") => {
    const res = await fetch(spa.origin + path, { method });
    await res.text();
    const csp = res.headers.get("content-security-policy") ?? "";
    return csp.split("; ").find((d) => d.startsWith("frame-src")) ?? null;
  };

  it("is given to the /live document (any query, HEAD too) and to no other path, /api/* above all", async () => {
    for (const path of ["/live", "/live/", "/live?x=1", "/live?from=%2Fadmin"]) {
      expect(await policy(path), path).toBe("frame-src https://www.youtube-nocookie.com https://www.facebook.com");
    }
    expect(await policy("/live", "HEAD")).toBe("frame-src https://www.youtube-nocookie.com https://www.facebook.com");
    for (const path of [
      "/live/x",
      "/live//",
      "/LIVE",
      "/Live",
      "/l%69ve",
      "/live%2F",
      "/live;x=1",
      "/livex",
      "/x/live",
      "/api/live",
      "/api/live/",
      "/api/live?x=1",
      "/api/promotion",
      "/api/trpc/public.live.evening",
      "/api/openapi.json",
      "/api/user/claims",
    ]) {
      expect(await policy(path), path).toBeNull();
    }
    for (const path of ["/api/live", "/api/user/claims"]) {
      expect(await policy(path, "HEAD"), `HEAD ${path}`).toBeNull();
      expect(await policy(path, "POST"), `POST ${path}`).toBeNull();
    }
  });
});

describe("GET /api/promotion", () => {
  it("pointing at a competition that has since been deleted sends visitors to the list, and takes no made-up target", async () => {
    const target = await createCompetition(db, { title: "Soon Gone Motocross" });
    try {
      expect((await setting("promotion_competition_id", target.id)).status).toBe(200);
      expect((await api.request(`/api/admin/competitions/${target.id}`, { method: "DELETE", token: admin.token })).status).toBe(200);
      const res = await api.request("/api/promotion");
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ link: "/competitions", competitionId: null });
      for (const value of ["javascript:alert(1)", "../admin", "https://evil.example/", "' or 1=1 --"]) {
        expect((await setting("promotion_competition_id", value)).status, value).toBe(400);
      }
      expect((await api.request("/api/promotion")).json.link).toBe("/competitions");
    } finally {
      await setting("promotion_competition_id", "");
    }
  });
});

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  return out;
}

describe("what draw night tells the public", () => {
  async function tonight(title: string) {
    const { drawAt } = (await api.request("/api/live")).json;
    return createCompetition(db, {
      title,
      drawMode: "live",
      drawDate: new Date(drawAt),
      endDate: new Date(Date.now() + DAY),
      qualifyingAnswer: "Green",
      cashAlternative: "£4,000",
    });
  }

  it("GET /api/live and /api/promotion hold no emails, answers, seeds before the draw, claim states, phones or addresses", async () => {
    const pending = await tonight("Tonight's Secret-Seed Baler");
    const drawn = await tonight("Tonight's Drawn Harrow");
    const entrant = await account(db);
    const guest: Buyer = { userId: null, email: `live-guest-${crypto.randomUUID().slice(0, 8)}@example.test`, name: "Ffion Jones" };
    await buy(db, pending.id, buyerOf(entrant.user));
    await buy(db, drawn.id, guest);
    await salesEnded(db, drawn.id);
    expect((await api.request(`/api/admin/competitions/${drawn.id}/draw`, { token: admin.token, body: {} })).status).toBe(200);
    const claim = (await first(db.select().from(prizeClaims).where(eq(prizeClaims.competitionId, drawn.id)).limit(1)))!;
    const seed = (await first(db.select({ s: competitions.drawSeed }).from(competitions).where(eq(competitions.id, pending.id))))!.s;

    for (const path of ["/api/live", "/api/promotion", "/api/trpc/public.live.evening"]) {
      const res = await api.request(path);
      expect(res.status, path).toBe(200);
      for (const secret of [entrant.user.email, guest.email, seed, claim.id, entrant.user.id, "07700", "Pant Farm"]) {
        expect(res.text, `${path} holds ${secret}`).not.toContain(secret);
      }
      expect(res.text).not.toContain("@");
      const keys = keysOf(res.json);
      for (const key of [
        "email",
        "customerEmail",
        "answer",
        "qualifyingAnswer",
        "drawSeed",
        "seed",
        "userId",
        "phone",
        "address",
        "choice",
        "claim",
        "claimStatus",
        "pool",
      ]) {
        expect(keys.has(key), `${path} has ${key}`).toBe(false);
      }
    }
    const live = (await api.request("/api/live")).json;
    expect(live.competitions.find((c: { id: string }) => c.id === drawn.id).winners).toEqual([{ ticketNumber: "1", displayName: "Ffion J." }]);
  });

  it("an entrant who typed their email as their name has it published as the winner's name on /api/live, the gallery and the draw record", async () => {
    const c = await tonight("Tonight's Emailed-Name Roller");
    const typed = `gwen.${crypto.randomUUID().slice(0, 6)}@example.test`;
    await buy(db, c.id, { userId: null, email: typed, name: typed });
    await salesEnded(db, c.id);
    expect((await api.request(`/api/admin/competitions/${c.id}/draw`, { token: admin.token, body: {} })).status).toBe(200);
    const live = await api.request("/api/live");
    const shown = live.json.competitions.find((x: { id: string }) => x.id === c.id);
    expect(shown.winners).toHaveLength(1);
    for (const path of ["/api/live", "/api/winners", `/api/competitions/${c.id}/draw`]) {
      expect((await api.request(path)).text, path).not.toContain(typed);
    }
    expect(shown.winners[0].displayName).not.toContain("@");
  });

  it("polled 60 times at once while the admin runs the draw, every answer is whole, and none after the draw is stale", async () => {
    const c = await tonight("Tonight's Busy Drill");
    const buyer = await account(db);
    await buy(db, c.id, buyerOf(buyer.user), 3);
    await salesEnded(db, c.id);
    // The competition and its sales were written straight to the database: a write over HTTP lets the cached reads see them.
    expect((await setting("live_draw_schedule", "Monday 20:00")).status).toBe(200);
    const states = (answers: Array<{ status: number; json: { competitions: Array<Record<string, unknown>> } }>) =>
      answers.map((a) => {
        expect(a.status).toBe(200);
        const mine = a.json.competitions.find((x) => x.id === c.id) as { status: string; drawnAt: string | null; winners: unknown[]; poolSize: number | null };
        expect(mine).toBeDefined();
        // Whole: a drawn competition has its time and its winner; one not yet drawn shows neither.
        if (mine.drawnAt)
          expect(mine).toMatchObject({ status: "drawn", poolSize: 3, winners: [expect.objectContaining({ ticketNumber: expect.any(String) })] });
        else expect(mine.winners).toEqual([]);
        return mine.drawnAt ? "drawn" : "waiting";
      });
    const polls = Array.from({ length: 60 }, (_, i) =>
      new Promise<void>((r) => setTimeout(r, i % 10)).then(() => api.request(i % 2 ? "/api/live" : "/api/trpc/public.live.evening")),
    );
    const run = api.request(`/api/admin/competitions/${c.id}/draw`, { token: admin.token, body: {} });
    const [drawnRes, ...during] = await Promise.all([run, ...polls]);
    expect(drawnRes.status).toBe(200);
    states(during.map((a) => (a.json.result ? { status: a.status, json: a.json.result.data } : a)));
    const after = await Promise.all(Array.from({ length: 30 }, (_, i) => api.request(i % 2 ? "/api/live" : "/api/trpc/public.live.evening")));
    const seen = states(after.map((a) => (a.json.result ? { status: a.status, json: a.json.result.data } : a)));
    expect(new Set(seen)).toEqual(new Set(["drawn"]));
    // Everyone sees the same winner.
    const winnersSeen = new Set(
      after.map((a) => JSON.stringify((a.json.result?.data ?? a.json).competitions.find((x: { id: string }) => x.id === c.id).winners)),
    );
    expect(winnersSeen.size).toBe(1);
  });
});
