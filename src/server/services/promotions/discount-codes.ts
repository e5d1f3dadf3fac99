import { and, count, desc, eq, inArray, isNull, or, sql, sum } from "drizzle-orm";
import { first, type Db, type Tx } from "../../../../db/client";
import { discountCodes, discountRedemptions, entries, type DiscountCode } from "../../../../db/schema";
import { decimalToPence, formatPounds, penceToDecimal } from "../../../shared/money";
import { priceOrder, type DiscountRule, type OrderLineToPrice, type OrderPrice } from "../../../shared/pricing";
import type { DiscountCheckResult, DiscountCodeInput, DiscountCodeUpdate, DiscountCodeView, DiscountReason } from "../../../shared/schemas/discounts";
import { MIN_CARD_CHARGE_PENCE } from "../../../shared/site-credit";
import { AppError } from "../../errors";
import { audited, type Actor } from "../audit";

/*
 * Discount codes (issue #33): the back office's codes, and the checks an order's code passes. The
 * price itself is src/shared/pricing.ts priceOrder (multibuy first, then the code), for the server
 * that charges and the checkouts that show it. A code's use is taken inside the order's hold
 * (takeDiscountCode) and given back when the order fails (giveBackDiscount).
 */

/** Who is using a code: counted by account and by email (a guest by email). */
export interface CodeUser {
  userId: string | null;
  email: string;
}

function refused(reason: DiscountReason, message: string): AppError {
  return new AppError("DISCOUNT_NOT_APPLICABLE", message, { reason, fieldErrors: { discountCode: [message] } });
}

const dateText = (d: Date) =>
  d.toLocaleString("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" });

export function ruleOf(code: DiscountCode): DiscountRule {
  return { kind: code.kind, value: code.value, minSpendPence: code.minSpendPence, competitionIds: code.competitionIds, categories: code.categories };
}

/** Why a code cannot be used at all now (whoever asks), or nothing. */
function refuseCode(code: DiscountCode | undefined, now: Date): asserts code is DiscountCode {
  if (!code || code.deletedAt) throw refused("unknown", "That discount code is not recognised. Check it and try again.");
  if (!code.active) throw refused("off", "That discount code is not available at the moment.");
  if (code.startsAt && now < code.startsAt) throw refused("not_started", `That discount code can be used from ${dateText(code.startsAt)}.`);
  if (code.endsAt && now >= code.endsAt) throw refused("ended", "That discount code has expired.");
  if (code.maxUses !== null && code.usedCount >= code.maxUses) throw refused("used_up", "That discount code has been used as many times as it can be.");
}

/** Refused with the reason when the priced order gets nothing from the code. */
function refuseProblem(price: OrderPrice): void {
  if (price.problem) throw refused(price.problem.reason, price.problem.message);
}

async function findCode(tx: Tx, text: string): Promise<DiscountCode | undefined> {
  return first(tx.select().from(discountCodes).where(eq(discountCodes.code, text.toUpperCase())));
}

/** The customer's uses of a code (orders holding or paid with it), and whether they ever paid for an order. */
async function refuseForCustomer(tx: Tx, code: DiscountCode, who: CodeUser): Promise<void> {
  const email = who.email.toLowerCase();
  if (code.maxUsesPerCustomer !== null) {
    const mine = or(eq(discountRedemptions.email, email), who.userId ? eq(discountRedemptions.userId, who.userId) : undefined);
    const used = (await first(
      tx
        .select({ n: count() })
        .from(discountRedemptions)
        .where(and(eq(discountRedemptions.codeId, code.id), mine)),
    ))!.n;
    if (used >= code.maxUsesPerCustomer) {
      throw refused(
        "customer_limit",
        code.maxUsesPerCustomer === 1
          ? "You have already used this discount code."
          : `You have already used this discount code ${used} times, as many as it allows.`,
      );
    }
  }
  if (code.firstOrderOnly && (await hasPaidBefore(tx, who))) throw refused("first_order", "That discount code is for a first order only.");
}

/** Whether the buyer (by account, or by email) has paid for an online entry before: each an indexed look-up. */
async function hasPaidBefore(tx: Tx, who: CodeUser): Promise<boolean> {
  const paid = and(eq(entries.entryMethod, "online"), inArray(entries.paymentStatus, ["paid", "refunded", "disputed"]));
  const byEmail = await first(
    tx
      .select({ id: entries.id })
      .from(entries)
      .where(and(eq(entries.customerEmail, who.email.toLowerCase()), paid))
      .limit(1),
  );
  if (byEmail) return true;
  if (!who.userId) return false;
  return !!(await first(
    tx
      .select({ id: entries.id })
      .from(entries)
      .where(and(eq(entries.userId, who.userId), paid))
      .limit(1),
  ));
}

/**
 * Inside an order's hold, once its lines are known: the code checked, the order priced with it, and
 * one use of it taken. The use is taken by a conditional update (never past maxUses, however many
 * orders use it at once: on PostgreSQL the update also locks the code's row until the hold commits,
 * so the customer's own uses are counted after it, one order at a time); a refusal below undoes it
 * with the rest of the hold.
 */
export async function takeDiscountCode(
  tx: Tx,
  text: string,
  who: CodeUser,
  now: Date,
  price: (rule: DiscountRule) => OrderPrice,
): Promise<{ code: DiscountCode; price: OrderPrice }> {
  const found = await findCode(tx, text);
  refuseCode(found, now);
  const priced = price(ruleOf(found));
  refuseProblem(priced);
  const taken = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      and(
        eq(discountCodes.id, found.id),
        isNull(discountCodes.deletedAt),
        eq(discountCodes.active, true),
        or(isNull(discountCodes.maxUses), sql`${discountCodes.usedCount} < ${discountCodes.maxUses}`),
      ),
    )
    .returning({ id: discountCodes.id });
  if (taken.length === 0) throw refused("used_up", "That discount code has been used as many times as it can be.");
  await refuseForCustomer(tx, found, who);
  return { code: found, price: priced };
}

/** The order's use of its code, written with the order (after the order's row exists). */
export async function recordRedemption(tx: Tx, code: DiscountCode, orderId: string, who: CodeUser, amountPence: number, now: Date): Promise<void> {
  await tx.insert(discountRedemptions).values({ codeId: code.id, orderId, userId: who.userId, email: who.email.toLowerCase(), amountPence, createdAt: now });
}

/** An order that failed (declined, expired, refused) gives its code's use back. A refund does not. */
export async function giveBackDiscount(tx: Tx, orderId: string): Promise<void> {
  const gone = await tx.delete(discountRedemptions).where(eq(discountRedemptions.orderId, orderId)).returning({ codeId: discountRedemptions.codeId });
  for (const { codeId } of gone) {
    await tx
      .update(discountCodes)
      .set({ usedCount: sql`case when ${discountCodes.usedCount} > 0 then ${discountCodes.usedCount} - 1 else 0 end` })
      .where(eq(discountCodes.id, codeId));
  }
}

/**
 * POST /api/discount-codes/check: what a code takes off these lines now, for the checkout to show.
 * Nothing is taken: the order's hold checks it again. A signed-in buyer's own uses and first order
 * are checked too; a guest's when they pay (their email is known then).
 */
export async function checkDiscount(
  db: Tx,
  input: { code: string; lines: Array<{ competitionId: string; quantity: number }> },
  who: CodeUser | null,
  now = new Date(),
): Promise<DiscountCheckResult> {
  const code = await findCode(db, input.code);
  refuseCode(code, now);
  const lines: OrderLineToPrice[] = [];
  for (const l of input.lines) {
    const c = await db.statements.competitionById.get({ id: l.competitionId });
    if (!c) throw new AppError("NOT_FOUND", "Competition not found");
    lines.push({ competitionId: c.id, category: c.category, basePence: c.pricePence, tiers: c.priceTiers, quantity: l.quantity });
  }
  const price = priceOrder(lines, ruleOf(code), MIN_CARD_CHARGE_PENCE);
  refuseProblem(price);
  if (who) await refuseForCustomer(db, code, who);
  return {
    code: code.code,
    description: code.description,
    subtotal: penceToDecimal(price.subtotalPence),
    discount: penceToDecimal(price.discountPence),
    total: penceToDecimal(price.totalPence),
    lines: price.lines.map((p, i) => ({
      competitionId: lines[i]!.competitionId,
      discount: penceToDecimal(p.discountPence),
      amount: penceToDecimal(p.payPence),
    })),
  };
}

// ——— The back office ———

function stateOf(code: DiscountCode, now: Date): DiscountCodeView["state"] {
  if (!code.active) return "off";
  if (code.endsAt && now >= code.endsAt) return "ended";
  if (code.maxUses !== null && code.usedCount >= code.maxUses) return "used_up";
  if (code.startsAt && now < code.startsAt) return "scheduled";
  return "active";
}

function toView(code: DiscountCode, givenPence: number, now: Date): DiscountCodeView {
  return {
    id: code.id,
    code: code.code,
    description: code.description,
    kind: code.kind,
    percent: code.kind === "percent" ? code.value : null,
    amount: code.kind === "fixed" ? penceToDecimal(code.value) : null,
    minSpend: code.minSpendPence === null ? null : penceToDecimal(code.minSpendPence),
    competitionIds: code.competitionIds,
    categories: code.categories,
    startsAt: code.startsAt?.toISOString() ?? null,
    endsAt: code.endsAt?.toISOString() ?? null,
    maxUses: code.maxUses,
    maxUsesPerCustomer: code.maxUsesPerCustomer,
    firstOrderOnly: code.firstOrderOnly,
    active: code.active,
    used: code.usedCount,
    discountGiven: penceToDecimal(givenPence),
    state: stateOf(code, now),
    createdAt: code.createdAt.toISOString(),
    updatedAt: code.updatedAt.toISOString(),
  };
}

async function givenBy(db: Tx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ codeId: discountRedemptions.codeId, given: sum(discountRedemptions.amountPence) })
    .from(discountRedemptions)
    .where(inArray(discountRedemptions.codeId, ids))
    .groupBy(discountRedemptions.codeId);
  return new Map(rows.map((r) => [r.codeId, Number(r.given ?? 0)]));
}

/** GET /api/admin/discount-codes: every code not deleted, newest first. */
export async function listDiscountCodes(db: Tx, now = new Date()): Promise<DiscountCodeView[]> {
  const rows = await db.select().from(discountCodes).where(isNull(discountCodes.deletedAt)).orderBy(desc(discountCodes.createdAt));
  const given = await givenBy(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toView(r, given.get(r.id) ?? 0, now));
}

type Fields = Omit<typeof discountCodes.$inferInsert, "id" | "createdAt" | "updatedAt" | "usedCount" | "deletedAt">;

/** The stored form of the admin's fields (only those given, for an update). */
function storedFields(input: Partial<Omit<DiscountCodeUpdate, "id">>, kind: "percent" | "fixed" | undefined): Partial<Fields> {
  const out: Partial<Fields> = {};
  if (input.code !== undefined) out.code = input.code.toUpperCase();
  if (input.description !== undefined) out.description = input.description;
  if (kind) out.kind = kind;
  if (kind === "percent" && input.percent !== null && input.percent !== undefined) out.value = input.percent;
  if (kind === "fixed" && input.amount !== null && input.amount !== undefined) out.value = decimalToPence(input.amount) ?? 0;
  if (input.minSpend !== undefined) out.minSpendPence = input.minSpend ? decimalToPence(input.minSpend) : null;
  if (input.competitionIds !== undefined) out.competitionIds = input.competitionIds;
  if (input.categories !== undefined) out.categories = input.categories;
  if (input.startsAt !== undefined) out.startsAt = input.startsAt ? new Date(input.startsAt) : null;
  if (input.endsAt !== undefined) out.endsAt = input.endsAt ? new Date(input.endsAt) : null;
  if (input.maxUses !== undefined) out.maxUses = input.maxUses;
  if (input.maxUsesPerCustomer !== undefined) out.maxUsesPerCustomer = input.maxUsesPerCustomer;
  if (input.firstOrderOnly !== undefined) out.firstOrderOnly = input.firstOrderOnly;
  if (input.active !== undefined) out.active = input.active;
  return out;
}

async function refuseTaken(tx: Tx, code: string, exceptId: string | null): Promise<void> {
  const other = await first(tx.select({ id: discountCodes.id, deletedAt: discountCodes.deletedAt }).from(discountCodes).where(eq(discountCodes.code, code)));
  if (other && other.id !== exceptId) {
    const message = other.deletedAt ? "That code was used before and is kept with its orders: choose another" : "A discount code with that name already exists";
    throw new AppError("ALREADY_EXISTS", message, { fieldErrors: { code: [message] } });
  }
}

/** A code not deleted, by id; NOT_FOUND otherwise. */
async function liveCode(tx: Tx, id: string): Promise<DiscountCode> {
  const row = await first(
    tx
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.id, id), isNull(discountCodes.deletedAt))),
  );
  if (!row) throw new AppError("NOT_FOUND", "Discount code not found");
  return row;
}

async function viewOf(tx: Tx, id: string, now: Date): Promise<DiscountCodeView> {
  return toView(await liveCode(tx, id), (await givenBy(tx, [id])).get(id) ?? 0, now);
}

/** POST /api/admin/discount-codes (audited). */
export function createDiscountCode(
  db: Db,
  actor: Actor,
  input: Omit<DiscountCodeUpdate, "id"> & DiscountCodeInput,
  now = new Date(),
): Promise<DiscountCodeView> {
  return audited(
    db,
    actor,
    async (tx) => {
      const values = storedFields(input, input.kind);
      await refuseTaken(tx, values.code!, null);
      const [row] = await tx
        .insert(discountCodes)
        .values({ ...(values as Fields), createdAt: now, updatedAt: now })
        .returning();
      return toView(row!, 0, now);
    },
    (v) => ({
      action: "admin.discountCodes.create",
      targetType: "discount_code",
      targetId: v.id,
      details: { code: v.code, kind: v.kind, percent: v.percent, amount: v.amount },
    }),
  );
}

/** PUT /api/admin/discount-codes/{id}: the fields given change (audited). The kind's value must come with a change of kind. */
export function updateDiscountCode(db: Db, actor: Actor, id: string, input: Omit<DiscountCodeUpdate, "id">, now = new Date()): Promise<DiscountCodeView> {
  return audited(
    db,
    actor,
    async (tx) => {
      const current = await liveCode(tx, id);
      const kind = input.kind ?? current.kind;
      const value =
        kind === "percent" ? (input.percent ?? (input.kind ? null : current.value)) : (input.amount ?? (input.kind ? null : penceToDecimal(current.value)));
      if (value === null || value === undefined) {
        const field = kind === "percent" ? "percent" : "amount";
        const message = kind === "percent" ? "Enter the percentage off, 1 to 100" : "Enter the amount off, above zero";
        throw new AppError("INVALID_INPUT", message, { fieldErrors: { [field]: [message] } });
      }
      const startsAt = input.startsAt !== undefined ? input.startsAt : (current.startsAt?.toISOString() ?? null);
      const endsAt = input.endsAt !== undefined ? input.endsAt : (current.endsAt?.toISOString() ?? null);
      if (startsAt && endsAt && !(Date.parse(startsAt) < Date.parse(endsAt))) {
        throw new AppError("INVALID_INPUT", "End must be after the start", { fieldErrors: { endsAt: ["End must be after the start"] } });
      }
      const values = storedFields(
        { ...input, percent: kind === "percent" ? (value as number) : null, amount: kind === "fixed" ? (value as string) : null },
        kind,
      );
      if (values.code) await refuseTaken(tx, values.code, id);
      await tx
        .update(discountCodes)
        .set({ ...values, updatedAt: now })
        .where(eq(discountCodes.id, id));
      return viewOf(tx, id, now);
    },
    (v) => ({ action: "admin.discountCodes.update", targetType: "discount_code", targetId: id, details: { code: v.code, changed: Object.keys(input) } }),
  );
}

/**
 * DELETE /api/admin/discount-codes/{id} (audited): a code never used is removed; one that orders
 * used is kept with them, switched off and out of the list, its name not given to another code.
 */
export function deleteDiscountCode(db: Db, actor: Actor, id: string, now = new Date()): Promise<{ success: boolean }> {
  return audited(
    db,
    actor,
    async (tx) => {
      const current = await liveCode(tx, id);
      const used = await first(tx.select({ id: discountRedemptions.id }).from(discountRedemptions).where(eq(discountRedemptions.codeId, id)).limit(1));
      if (used) {
        await tx.update(discountCodes).set({ active: false, deletedAt: now, updatedAt: now }).where(eq(discountCodes.id, id));
      } else {
        await tx.delete(discountCodes).where(eq(discountCodes.id, id));
      }
      return { success: true, code: current.code, kept: !!used };
    },
    (r) => ({ action: "admin.discountCodes.remove", targetType: "discount_code", targetId: id, details: { code: r.code, keptForOrders: r.kept } }),
  ).then(() => ({ success: true }));
}

/** "10% off" / "£5.00 off", for receipts and lists. */
export function discountLabel(code: Pick<DiscountCode, "kind" | "value">): string {
  return code.kind === "percent" ? `${code.value}% off` : `${formatPounds(code.value)} off`;
}
