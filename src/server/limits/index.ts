import type { Db } from "../../../db/client";
import type { Counters } from "./counters";
import { DatabaseCounters } from "./database-counters";
import { MemoryCounters } from "./counters";

export { MemoryCounters, type Counters, type Window } from "./counters";
export { DatabaseCounters } from "./database-counters";

/**
 * The counters a shop's limits use: in the database where several processes may serve it
 * (PostgreSQL), in memory where one process does (SQLite), which keeps its purchase path free of
 * writes that are not purchases.
 */
export function countersFor(db: Db): Counters {
  return db.engine === "postgres" ? new DatabaseCounters(db) : new MemoryCounters();
}
