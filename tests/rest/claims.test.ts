import { describe, expect, it } from "vitest";
import { ensureDefaultSettings } from "../../src/server/services/settings";
import { createCompetition } from "../factories/competitions";
import { mailsTo } from "../helpers/account";
import { allowGuestCheckout, createTestDb } from "../helpers/db";
import { closeEarlyOf } from "../helpers/close-early";
import { startTestServer } from "../helpers/http";
import { account, claimForm } from "../helpers/winners";

/** Prize claims over REST (issue #17): GET/POST /api/user/claims/{id}, GET /api/admin/claims(/summary), PUT /api/admin/claims/{id}. */
const db = createTestDb();
await allowGuestCheckout(db);
await ensureDefaultSettings(db);
const api = await startTestServer(db);
const admin = await account(db, { role: "admin" });
const DOB = "1985-06-15";

/** A competition the account holder enters through POST /api/entries and wins through POST /api/admin/competitions/{id}/draw: the claim's id. */
async function win(token: string, over: Parameters<typeof createCompetition>[1] = {}): Promise<{ competitionId: string; claimId: string }> {
  const c = await createCompetition(db, { title: "Claimable Sprayer", ...over });
  const me = (await api.request("/api/auth/user", { token })).json;
  const bought = await api.request("/api/entries", {
    token,
    body: { competitionId: c.id, customerName: "Gwen Ellis", customerEmail: me.email, answer: "green", quantity: 1 },
  });
  expect(bought.status).toBe(201);
  const drawn = await api.request(`/api/admin/competitions/${c.id}/draw`, { token: admin.token, body: { closeEarly: closeEarlyOf(c) } });
  expect(drawn.status).toBe(200);
  const mine = await api.request("/api/user/claims", { token });
  expect(mine.status).toBe(200);
  const claim = mine.json.find((x: { competitionId: string }) => x.competitionId === c.id);
  return { competitionId: c.id, claimId: claim.id };
}

describe("a winner claims over REST and staff pay the cash alternative", () => {
  it("walks notified → claimed → fulfilled, each step told to the winner", async () => {
    const winner = await account(db);
    const { competitionId, claimId } = await win(winner.token, { cashAlternative: "£9,500" });

    const read = await api.request(`/api/user/claims/${claimId}`, { token: winner.token });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id: claimId, competitionId, status: "notified", cashAlternative: "£9,500", choice: null });
    const [mail] = (await mailsTo(db, winner.user.email)).filter((m) => m.kind === "winner" && m.text.includes(claimId));
    expect(mail!.text).toContain(`${api.origin}/account/claims/${claimId}`);
    const notes = await api.request("/api/notifications", { token: winner.token });
    expect(notes.json.find((n: { competitionId: string }) => n.competitionId === competitionId)).toMatchObject({ link: `/account/claims/${claimId}` });

    const claimed = await api.request(`/api/user/claims/${claimId}`, { token: winner.token, body: claimForm(DOB, { choice: "cash" }) });
    expect(claimed.status).toBe(200);
    expect(claimed.json).toMatchObject({ status: "claimed", choice: "cash", deliverable: true });
    const again = await api.request(`/api/user/claims/${claimId}`, { token: winner.token, body: claimForm(DOB) });
    expect(again.status).toBe(409);
    expect(again.json.appCode).toBe("INVALID_STATE");

    const waiting = await api.request("/api/admin/claims?status=claimed", { token: admin.token });
    expect(waiting.status).toBe(200);
    expect(waiting.json.map((c: { id: string }) => c.id)).toContain(claimId);
    expect(waiting.json.every((c: { status: string }) => c.status === "claimed")).toBe(true);
    const summary = await api.request("/api/admin/claims/summary", { token: admin.token });
    expect(summary.json.awaitingFulfilment).toBeGreaterThanOrEqual(1);

    const noReference = await api.request(`/api/admin/claims/${claimId}`, { method: "PUT", token: admin.token, body: { status: "fulfilled" } });
    expect(noReference.status).toBe(400);
    expect(noReference.json.message).toBe("Add the payment reference");
    const paid = await api.request(`/api/admin/claims/${claimId}`, { method: "PUT", token: admin.token, body: { status: "fulfilled", reference: "FPS-0042" } });
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ status: "fulfilled", fulfilment: "paid", reference: "FPS-0042", customerEmail: winner.user.email });

    const seen = await api.request(`/api/user/claims/${claimId}`, { token: winner.token });
    expect(seen.json).toMatchObject({ status: "fulfilled", fulfilment: "paid", reference: "FPS-0042" });
    expect(seen.json).not.toHaveProperty("customerEmail");
    const told = (await mailsTo(db, winner.user.email)).find((m) => m.kind === "claim_update" && m.subject.startsWith("Prize paid"));
    expect(told!.text).toContain("FPS-0042");
    const late = await api.request(`/api/admin/claims/${claimId}`, { method: "PUT", token: admin.token, body: { status: "expired", note: "Too late" } });
    expect(late.status).toBe(409);
  });
});

describe("claim refusals name their reason", () => {
  it("an unverified address (403), a wrong date of birth (400), cash where none is offered (400), terms not accepted (400)", async () => {
    const unverified = await account(db, { emailVerified: false });
    const first = await win(unverified.token);
    const notVerified = await api.request(`/api/user/claims/${first.claimId}`, { token: unverified.token, body: claimForm(DOB) });
    expect(notVerified.status).toBe(403);
    expect(notVerified.json.appCode).toBe("EMAIL_NOT_VERIFIED");

    const winner = await account(db);
    const { claimId } = await win(winner.token, { cashAlternative: null });
    const wrongDob = await api.request(`/api/user/claims/${claimId}`, { token: winner.token, body: claimForm("1990-01-01") });
    expect(wrongDob.status).toBe(400);
    expect(wrongDob.json.appCode).toBe("DATE_OF_BIRTH_MISMATCH");
    const cash = await api.request(`/api/user/claims/${claimId}`, { token: winner.token, body: claimForm(DOB, { choice: "cash" }) });
    expect(cash.status).toBe(400);
    expect(cash.json).toMatchObject({ appCode: "INVALID_INPUT", message: "This prize has no cash alternative." });
    const terms = await api.request(`/api/user/claims/${claimId}`, { token: winner.token, body: claimForm(DOB, { acceptTerms: false }) });
    expect(terms.status).toBe(400);
    const abroad = await api.request(`/api/user/claims/${claimId}`, {
      token: winner.token,
      body: claimForm(DOB, { address: { line1: "1 Rue de la Paix", city: "Paris", postcode: "75001", country: "France" } }),
    });
    expect(abroad.status).toBe(200);
    expect(abroad.json).toMatchObject({ status: "claimed", deliverable: false });
  });

  it("staff cannot fulfil a claim not yet claimed, claim for the winner, or expire without a reason", async () => {
    const winner = await account(db);
    const { claimId } = await win(winner.token);
    const put = (body: object) => api.request(`/api/admin/claims/${claimId}`, { method: "PUT", token: admin.token, body });
    expect((await put({ status: "fulfilled", reference: "DPD-1" })).status).toBe(409);
    expect((await put({ status: "claimed" })).status).toBe(409);
    expect((await put({ status: "expired" })).status).toBe(400);
    expect((await put({ status: "notified" })).status).toBe(400);
    const contacted = await put({ status: "notified", note: "Rang: claiming tonight" });
    expect(contacted.status).toBe(200);
    expect(contacted.json).toMatchObject({ status: "notified", contactNote: "Rang: claiming tonight", overdue: false });
  });
});

describe("only the winner and admins reach a claim", () => {
  it("another customer gets 404, a visitor 401, a customer on the admin paths 403", async () => {
    const winner = await account(db);
    const { claimId } = await win(winner.token);
    const other = await account(db);
    expect((await api.request(`/api/user/claims/${claimId}`, { token: other.token })).status).toBe(404);
    expect((await api.request(`/api/user/claims/${claimId}`, { token: other.token, body: claimForm(DOB) })).status).toBe(404);
    expect((await api.request("/api/user/claims", { token: other.token })).json).toEqual([]);
    expect((await api.request(`/api/user/claims/${claimId}`)).status).toBe(401);
    expect((await api.request("/api/user/claims")).status).toBe(401);
    expect((await api.request("/api/admin/claims", { token: other.token })).status).toBe(403);
    expect((await api.request("/api/admin/claims/summary", { token: other.token })).status).toBe(403);
    const put = await api.request(`/api/admin/claims/${claimId}`, { method: "PUT", token: winner.token, body: { status: "expired", note: "Mine now" } });
    expect(put.status).toBe(403);
    expect((await api.request(`/api/user/claims/${claimId}`, { token: winner.token })).json.status).toBe("notified");
  });
});

describe("a winner added by hand with a ticket number", () => {
  it("opens that entry's claim; an unknown ticket is 400 and the same ticket twice 409", async () => {
    const winner = await account(db);
    const c = await createCompetition(db, { title: "Hand-Picked Trailer" });
    const bought = await api.request("/api/entries", {
      token: winner.token,
      body: { competitionId: c.id, customerName: "Huw Price", customerEmail: winner.user.email, answer: "green", quantity: 2 },
    });
    expect(bought.status).toBe(201);
    const body = { competitionId: c.id, customerName: "Huw P.", ticketNumber: "2" };
    const created = await api.request("/api/admin/winners", { token: admin.token, body });
    expect(created.status).toBe(200);
    const claims = (await api.request("/api/user/claims", { token: winner.token })).json;
    expect(claims).toEqual([expect.objectContaining({ competitionId: c.id, ticketNumber: "2", status: "notified" })]);
    const twice = await api.request("/api/admin/winners", { token: admin.token, body });
    expect(twice.status).toBe(409);
    const unknown = await api.request("/api/admin/winners", { token: admin.token, body: { ...body, ticketNumber: "77" } });
    expect(unknown.status).toBe(400);
    const notANumber = await api.request("/api/admin/winners", { token: admin.token, body: { ...body, ticketNumber: "two" } });
    expect(notANumber.status).toBe(400);
  });
});
