import { closeSync, fsyncSync, openSync, unlinkSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Db } from "../../../db/client";
import { migrationVersion } from "../../../db/client";

export type DatabaseHealth = "ok" | "unreachable" | "unwritable";

/** Probing writes, so it is done at most once a second however often health is asked. */
const PROBE_EVERY_MS = 1000;
const lastProbe = new WeakMap<Db, { at: number; result: DatabaseHealth }>();
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

export function health(db: Db, now = Date.now()) {
  let last = lastProbe.get(db);
  if (!last || now - last.at >= PROBE_EVERY_MS || now < last.at) {
    last = { at: now, result: probe(db, now) };
    lastProbe.set(db, last);
  }
  const database = last.result;
  return {
    status: database === "ok" ? ("ok" as const) : ("error" as const),
    database,
    migration: database === "unreachable" ? null : migrationVersion(db),
    uptimeSeconds: Math.round(process.uptime()),
  };
}
