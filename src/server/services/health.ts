import { closeSync, fsyncSync, openSync, unlinkSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Db } from "../../../db/client";
import { databaseFile, migrationVersion } from "../../../db/client";
import { healthProbe } from "../../../db/schema";
import type { MailDelivery } from "../mail/mailer";
import { outboxCounts } from "../mail/outbox";
import { mailHealth } from "./mail/outbox";

export type DatabaseHealth = "ok" | "unreachable" | "unwritable";

/** Probing writes, so it is done at most once a second however often health is asked. */
const PROBE_EVERY_MS = 1000;
interface Probed {
  result: DatabaseHealth;
  mail: { queued: number; failed: number } | null;
}
/** The latest probe, kept from when it starts: health asked again while it runs waits for the same one. */
const lastProbe = new WeakMap<Db, { at: number; probed: Promise<Probed> }>();
const PROBE_BYTES = Buffer.alloc(4096, 1);

/**
 * A tiny committed write to the database, and, for a database file, a new 4 KB file beside it: a
 * read-only file, a folder that lost its permissions or a full disk all show here (SQLite can still
 * commit a row into WAL space it already has after the disk fills, so the file write is what sees that).
 */
async function probe(db: Db, now: number): Promise<DatabaseHealth> {
  try {
    await db.$count(healthProbe);
  } catch {
    return "unreachable";
  }
  try {
    await db
      .insert(healthProbe)
      .values({ id: 1, checkedAt: now })
      .onConflictDoUpdate({ target: healthProbe.id, set: { checkedAt: now } });
    const path = databaseFile(db);
    if (path) {
      const file = join(dirname(path), `.health-probe-${process.pid}`);
      const fd = openSync(file, "w");
      try {
        writeSync(fd, PROBE_BYTES);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
        unlinkSync(file);
      }
    }
    return "ok";
  } catch {
    return "unwritable";
  }
}

/** The outbox's counts read through its index of unsent mail; none when the database cannot be read. */
async function countMail(db: Db, database: DatabaseHealth): Promise<{ queued: number; failed: number } | null> {
  if (database === "unreachable") return null;
  try {
    return await outboxCounts(db);
  } catch {
    return null;
  }
}

/** Never rejects: every failure is a state of the report. */
async function probeAll(db: Db, now: number): Promise<Probed> {
  const result = await probe(db, now);
  return { result, mail: await countMail(db, result) };
}

/**
 * The database's state, and whether mail is leaving the shop (`mail`). Mail that cannot leave is
 * reported, not a failure of health: the shop still sells and the outbox keeps every message.
 */
export async function health(db: Db, delivery: MailDelivery, now = Date.now()) {
  let last = lastProbe.get(db);
  // Checked and replaced with nothing awaited between: a call made while a probe runs waits for that
  // probe rather than starting another, so the database is still probed at most once a second.
  if (!last || now - last.at >= PROBE_EVERY_MS || now < last.at) {
    last = { at: now, probed: probeAll(db, now) };
    lastProbe.set(db, last);
  }
  const { result: database, mail } = await last.probed;
  return {
    status: database === "ok" ? ("ok" as const) : ("error" as const),
    database,
    migration: database === "unreachable" ? null : await migrationVersion(db),
    uptimeSeconds: Math.round(process.uptime()),
    mail: mailHealth(delivery, mail),
  };
}
