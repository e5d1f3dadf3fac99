import type { Db } from "../../../../db/client";
import type { Mailer } from "../../mail/mailer";
import type { Actor, AuditRecord } from "../audit";

export interface DrawDeps {
  db: Db;
  mailer: Mailer;
  now?: () => Date;
  /** The shop's public origin, for the links in winners' mail ("" makes them relative). */
  origin?: string;
  /** The admin running the draw from the back office; absent for the scheduler. */
  actor?: Actor;
}

/** What an admin's draw records: one row per step that changed something, each in that step's transaction. */
export interface DrawAudit {
  actor: Actor;
  row: (step: string, extra?: Record<string, unknown>) => AuditRecord;
}
