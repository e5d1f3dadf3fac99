import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { competitions, draws, entries, notifications, tickets, users, winners, type Competition } from "../../../db/schema";
import { commitmentOf, drawWinners, poolHashOf, sortPool } from "../../shared/draw";
import type { AppErrorCode } from "../../shared/errors";
import { AppError } from "../errors";
import type { Mailer } from "../mail/mailer";
import { enqueueMail } from "../mail/outbox";
import { writeAudit, type Actor, type AuditRecord } from "./audit";
import { findCompetition } from "./competitions";

export interface DrawDeps {
  db: Db;
  mailer: Mailer;
  now?: () => Date;
  /** The admin running the draw from the back office; absent for the scheduler. */
  actor?: Actor;
}

/** What an admin's draw records: one row per step that changed something, each in that step's transaction. */
interface DrawAudit {
  actor: Actor;
  row: (step: string) => AuditRecord;
}

/** First name, last initial and town: enough to be real, never an email. */
export function displayName(fullName: string, town: string | null): string {
  const parts = fullName.trim().split(/\s+/);
  const first = parts[0] ?? "Winner";
  const last = parts.length > 1 ? ` ${parts[parts.length - 1]![0]!.toUpperCase()}.` : "";
  return `${first}${last}${town ? `, ${town}` : ""}`;
}

/** Stops sales. The pool is frozen separately, once no payment is still in flight. */
export function closeSales(db: Db, id: string, audit?: DrawAudit): Competition {
  return db.transaction(
    (tx) => {
      const c = tx.select().from(competitions).where(eq(competitions.id, id)).get();
      if (!c) throw new AppError("NOT_FOUND", "Competition not found");
      if (c.status === "active") {
        tx.update(competitions).set({ status: "closed" }).where(eq(competitions.id, id)).run();
        if (audit) writeAudit(tx, audit.actor, audit.row("sales closed"));
      }
      return { ...c, status: c.status === "active" ? "closed" : c.status };
    },
    { behavior: "immediate" },
  );
}

/** Tickets of paid online entries and accepted postal entries; failed and pending ones are out. */
function poolTickets(db: Db, competitionId: string): string[] {
  return db
    .select({ number: tickets.number })
    .from(tickets)
    .innerJoin(entries, eq(tickets.entryId, entries.id))
    .where(
      and(
        eq(tickets.competitionId, competitionId),
        or(and(eq(entries.entryMethod, "online"), eq(entries.paymentStatus, "paid")), eq(entries.entryMethod, "postal")),
      ),
    )
    .all()
    .map((t) => t.number);
}

/**
 * Freezes the pool of a closed competition and publishes its hash. Returns false while payments
 * are still held (they may yet become tickets); the scheduler tries again.
 */
export async function freezePool(db: Db, id: string, now = new Date(), audit?: DrawAudit): Promise<boolean> {
  const c = findCompetition(db, id);
  if (c.status === "active") throw new AppError("INVALID_STATE", "Close sales before freezing the pool");
  if (db.select({ id: draws.competitionId }).from(draws).where(eq(draws.competitionId, id)).get()) return true;
  if (c.heldTickets > 0) return false;
  const pool = sortPool(poolTickets(db, id));
  const poolHash = await poolHashOf(pool);
  return db.transaction(
    (tx) => {
      const current = tx.select().from(competitions).where(eq(competitions.id, id)).get()!;
      // Nothing may have changed while hashing; if it did, the next attempt starts again.
      if (current.heldTickets > 0 || poolTickets(tx as unknown as Db, id).length !== pool.length) return false;
      const frozen = tx.insert(draws).values({ competitionId: id, pool, poolHash, poolSize: pool.length, closedAt: now }).onConflictDoNothing().run().changes > 0;
      if (frozen && audit) writeAudit(tx, audit.actor, audit.row("pool frozen"));
      return true;
    },
    { behavior: "immediate" },
  );
}

/** Closes (if open), freezes and draws. The result is written in one transaction, exactly once. */
export async function runDraw(deps: DrawDeps, id: string, beacon: string | null = null): Promise<DrawPublicRecord> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const audit: DrawAudit | undefined = deps.actor && {
    actor: deps.actor,
    row: (step) => ({ action: "admin.draws.run", targetId: id, details: { id, beacon, step } }),
  };
  const before = findCompetition(db, id);
  if (before.status === "drawn") throw new AppError("ALREADY_DRAWN", "This competition has already been drawn");
  // Refuse before closing sales: a draw with nothing to draw must not end an open competition.
  if (before.status === "active" && before.soldTickets === 0 && before.heldTickets === 0) {
    throw new AppError("NO_ENTRIES", "There are no entries to draw from");
  }
  closeSales(db, id, audit);
  if (!(await freezePool(db, id, now, audit))) {
    throw new AppError("PAYMENTS_PENDING", "Payments for this competition are still being processed. Try again in a few minutes.");
  }
  const record = db.select().from(draws).where(eq(draws.competitionId, id)).get()!;
  if (record.drawnAt) throw new AppError("ALREADY_DRAWN", "This competition has already been drawn");
  if (record.poolSize === 0) throw new AppError("NO_ENTRIES", "There are no entries to draw from");
  const usedBeacon = beacon ?? record.beacon ?? null;
  const picked = await drawWinners(before.drawSeed, record.pool, record.poolHash, before.numberOfWinners, usedBeacon);

  db.transaction(
    (tx) => {
      const fresh = tx.select().from(draws).where(eq(draws.competitionId, id)).get()!;
      if (fresh.drawnAt) throw new AppError("ALREADY_DRAWN", "This competition has already been drawn");
      const rows = tx
        .select({ number: tickets.number, entry: entries, city: users.city })
        .from(tickets)
        .innerJoin(entries, eq(tickets.entryId, entries.id))
        .leftJoin(users, eq(entries.userId, users.id))
        .where(and(eq(tickets.competitionId, id), inArray(tickets.number, picked.map((p) => p.ticketNumber))))
        .all();
      const byNumber = new Map(rows.map((r) => [r.number, r]));
      const recorded = picked.map((p) => {
        const row = byNumber.get(p.ticketNumber)!;
        return { ...p, displayName: displayName(row.entry.customerName, row.city), entryId: row.entry.id };
      });
      tx.update(draws).set({ winners: recorded, drawnAt: now, beacon: usedBeacon }).where(eq(draws.competitionId, id)).run();
      tx.update(competitions).set({ status: "drawn" }).where(eq(competitions.id, id)).run();
      for (const w of recorded) {
        const entry = byNumber.get(w.ticketNumber)!.entry;
        tx.insert(winners)
          .values({ competitionId: id, entryId: entry.id, ticketNumber: w.ticketNumber, customerName: w.displayName, source: "draw", winDate: now })
          .run();
        if (entry.userId) {
          tx.insert(notifications)
            .values({
              userId: entry.userId,
              type: "winner",
              priority: "urgent",
              competitionId: id,
              title: "You've won!",
              message: `Your ticket ${w.ticketNumber} won "${before.title}". We'll be in touch within 48 hours to arrange your prize.`,
            })
            .run();
        }
        enqueueMail(tx as unknown as Db, {
          to: entry.customerEmail,
          subject: `You've won: ${before.title}`,
          text: `Congratulations ${entry.customerName}!\n\nYour ticket ${w.ticketNumber} was drawn as a winner of "${before.title}".\nWe'll contact you within 48 hours to arrange your prize.\n\nYou can check the draw yourself on its public record.\n\nHarvest Draws`,
        });
      }
      if (audit) writeAudit(tx, audit.actor, audit.row("drawn"));
    },
    { behavior: "immediate" },
  );
  deps.mailer.poke();
  return getDrawRecord(db, id);
}

export interface DrawPublicRecord {
  competitionId: string;
  title: string;
  status: Competition["status"];
  commitment: string;
  poolSize: number | null;
  poolHash: string | null;
  pool: Array<{ ticketNumber: string; name: string }> | null;
  beacon: string | null;
  seed: string | null;
  winners: Array<{ k: number; index: number; ticketNumber: string; displayName: string }>;
  numberOfWinners: number;
  drawDate: string;
  closedAt: string | null;
  drawnAt: string | null;
}

function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((part) => `${part[0]!.toUpperCase()}${"*".repeat(Math.max(2, Math.min(part.length - 1, 6)))}`)
    .join(" ");
}

/** The public record; the seed only once drawn, the pool only once frozen. */
export async function getDrawRecord(db: Db, id: string): Promise<DrawPublicRecord> {
  const c = findCompetition(db, id);
  const record = db.select().from(draws).where(eq(draws.competitionId, id)).get();
  let pool: DrawPublicRecord["pool"] = null;
  if (record) {
    const names = new Map(
      db
        .select({ number: tickets.number, name: entries.customerName })
        .from(tickets)
        .innerJoin(entries, eq(tickets.entryId, entries.id))
        .where(eq(tickets.competitionId, id))
        .all()
        .map((t) => [t.number, t.name]),
    );
    pool = record.pool.map((n) => ({ ticketNumber: n, name: maskName(names.get(n) ?? "?") }));
  }
  return {
    competitionId: id,
    title: c.title,
    status: c.status,
    commitment: await commitmentOf(c.drawSeed),
    poolSize: record?.poolSize ?? null,
    poolHash: record?.poolHash ?? null,
    pool,
    beacon: record?.beacon ?? null,
    seed: record?.drawnAt ? c.drawSeed : null,
    winners: (record?.winners ?? []).map(({ k, index, ticketNumber, displayName: name }) => ({ k, index, ticketNumber, displayName: name })),
    numberOfWinners: c.numberOfWinners,
    drawDate: c.drawDate.toISOString(),
    closedAt: record?.closedAt.toISOString() ?? null,
    drawnAt: record?.drawnAt?.toISOString() ?? null,
  };
}

/**
 * One pass of the lifecycle: close what has ended or sold out, freeze what is closed, draw what is
 * due (unless it is to be drawn live). Each step is its own transaction, so a restart at any point
 * picks up where it stopped and never repeats a step.
 */
const SCHEDULER_RETRIES = new Set<AppErrorCode>(["ALREADY_DRAWN", "NO_ENTRIES", "PAYMENTS_PENDING"]);

export async function lifecycleTick(deps: DrawDeps): Promise<{ closed: number; frozen: number; drawn: number }> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  let closed = 0;
  let frozen = 0;
  let drawn = 0;
  const ending = db
    .select({ id: competitions.id })
    .from(competitions)
    .where(
      and(
        eq(competitions.status, "active"),
        or(lte(competitions.endDate, now), and(sql`${competitions.maxTickets} is not null`, sql`${competitions.soldTickets} >= ${competitions.maxTickets}`)),
      ),
    )
    .all();
  for (const c of ending) {
    closeSales(db, c.id);
    closed++;
  }
  const unfrozen = db
    .select({ id: competitions.id })
    .from(competitions)
    .leftJoin(draws, eq(draws.competitionId, competitions.id))
    .where(and(eq(competitions.status, "closed"), sql`${draws.competitionId} is null`))
    .all();
  for (const c of unfrozen) if (await freezePool(db, c.id, now)) frozen++;
  const due = db
    .select({ id: competitions.id })
    .from(competitions)
    .innerJoin(draws, eq(draws.competitionId, competitions.id))
    .where(and(eq(competitions.status, "closed"), eq(competitions.drawMode, "auto"), lte(competitions.drawDate, now), sql`${draws.drawnAt} is null`, sql`${draws.poolSize} > 0`))
    .all();
  for (const c of due) {
    try {
      await runDraw(deps, c.id);
      drawn++;
    } catch (err) {
      // Drawn meanwhile, or payments still settling: the next tick tries again.
      if (!(err instanceof AppError && SCHEDULER_RETRIES.has(err.code))) throw err;
    }
  }
  return { closed, frozen, drawn };
}
