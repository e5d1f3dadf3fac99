import type { Db } from "../../../db/client";
import { migrationVersion } from "../../../db/client";

export function health(db: Db) {
  let database: "ok" | "unreachable" = "ok";
  try {
    db.$client.prepare("select 1").get();
  } catch {
    database = "unreachable";
  }
  return {
    status: database === "ok" ? ("ok" as const) : ("error" as const),
    database,
    migration: database === "ok" ? migrationVersion(db) : null,
    uptimeSeconds: Math.round(process.uptime()),
  };
}
