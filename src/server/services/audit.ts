import { desc } from "drizzle-orm";
import { withTransaction, type Db, type Tx } from "../../../db/client";
import { auditLog } from "../../../db/schema";

/** The admin making a change, as the audit log names them. */
export interface Actor {
  id: string;
  email: string;
}

export interface AuditRecord {
  /** The procedure that made the change, e.g. "admin.settings.update". */
  action: string;
  /** What kind of thing changed; defaults to the action's middle part ("settings"). */
  targetType?: string;
  targetId?: string | null;
  reason?: string | null;
  /** What the admin sent. */
  details?: Record<string, unknown>;
}

/** Long free text (a setting's value) is cut so one change cannot bloat the log. */
const LONGEST_VALUE = 500;

function trimmed(details: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(details, (key, v) => (key === "value" && typeof v === "string" && v.length > LONGEST_VALUE ? `${v.slice(0, LONGEST_VALUE)}…` : v)),
  ) as Record<string, unknown>;
}

/**
 * Appends one row to the audit log. It takes a transaction, not the database: the row is written
 * in the transaction of the change it records, so there is never a change without its row nor a
 * row for a change that rolled back.
 */
export async function writeAudit(tx: Tx, actor: Actor, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: record.action,
    targetType: record.targetType ?? record.action.split(".")[1] ?? record.action,
    targetId: record.targetId ?? null,
    reason: record.reason ?? null,
    details: trimmed(record.details ?? {}),
  });
}

/**
 * A change and its audit row in one IMMEDIATE transaction. `change` may await the database, and
 * only the database: the transaction holds the shop's one connection (db/lease.ts) until it
 * commits, and other requests wait their turn. Do other async work (mail, files, hashing, payment
 * providers) before or after, never inside.
 */
export function audited<T>(db: Db, actor: Actor, change: (tx: Tx) => Promise<T> | T, record: (result: T) => AuditRecord): Promise<T> {
  return withTransaction(db, async (tx) => {
    const result = await change(tx);
    await writeAudit(tx, actor, record(result));
    return result;
  });
}

/** GET /api/admin/audit-log: the latest admin writes, newest first. */
export async function listAuditLog(db: Db, limit = 500) {
  const rows = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit);
  return rows.map((a) => ({
    id: a.id,
    actorEmail: a.actorEmail,
    action: a.action,
    targetType: a.targetType,
    targetId: a.targetId,
    reason: a.reason,
    details: a.details ?? null,
    createdAt: a.createdAt.toISOString(),
  }));
}
