import { closeSync, fsyncSync, openSync, unlinkSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Db } from "../../../db/client";
import { migrationVersion } from "../../../db/client";
import type { MailDelivery } from "../mail/mailer";
import { outboxCounts } from "../mail/outbox";
import { mailHealth } from "./mail/outbox";

export type DatabaseHealth = "ok" | "unreachable" | "unwritable";

/** Probing writes, so it is done at most once a second however often health is asked. */
const PROBE_EVERY_MS = 1000;
const lastProbe = new WeakMap<Db, { at: number; result: DatabaseHealth; mail: { queued: number; failed: number } | null }>();
const PROBE_BYTES = Buffer.alloc(4096, 1);

/**
 * A tiny committed write to the database, and a new 4 KB file beside it: a read-only file, a
 * folder that lost its permissions or a full disk all show here (SQLite can still commit a row
 * into WAL space it already has after the disk fills, so the file write is what sees that).
 */
function probe(db: Db, now: number): DatabaseHealth {
  try {
    db.$client.prepare("select 1").get();
  } catch {
    return "unreachable";
  }
  try {
    db.$client.prepare("insert into health_probe (id, checked_at) values (1, ?) on conflict(id) do update set checked_at = excluded.checked_at").run(now);
    const path = db.$client.name;
    if (path && path !== ":memory:") {
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
function countMail(db: Db, database: DatabaseHealth): { queued: number; failed: number } | null {
  if (database === "unreachable") return null;
  try {
    return outboxCounts(db);
  } catch {
    return null;
  }
}

/**
 * The database's state, and whether mail is leaving the shop (`mail`). Mail that cannot leave is
 * reported, not a failure of health: the shop still sells and the outbox keeps every message.
 */
export function health(db: Db, delivery: MailDelivery, now = Date.now()) {
  let last = lastProbe.get(db);
  if (!last || now - last.at >= PROBE_EVERY_MS || now < last.at) {
    const result = probe(db, now);
    last = { at: now, result, mail: countMail(db, result) };
    lastProbe.set(db, last);
  }
  const database = last.result;
  return {
    status: database === "ok" ? ("ok" as const) : ("error" as const),
    database,
    migration: database === "unreachable" ? null : migrationVersion(db),
    uptimeSeconds: Math.round(process.uptime()),
    mail: mailHealth(delivery, last.mail),
  };
}
