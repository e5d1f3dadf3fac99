import { auditLog } from "../../../../db/schema";
import { middleware } from "../init";

/** Input keys that identify what an admin write touched. */
const TARGET_KEYS = ["id", "key", "userId", "competitionId"] as const;

/**
 * Every successful admin write is appended to the audit log: who, which procedure, on what, why
 * (when a reason was given), with the input as sent. Reads are not logged.
 */
export const auditAdminWrites = middleware(async ({ ctx, type, path, getRawInput, next }) => {
  const result = await next();
  if (type !== "mutation" || !result.ok || !ctx.user) return result;
  const raw = (await getRawInput().catch(() => undefined)) as Record<string, unknown> | undefined;
  const input = raw && typeof raw === "object" ? raw : {};
  const targetKey = TARGET_KEYS.find((k) => typeof input[k] === "string");
  ctx.db
    .insert(auditLog)
    .values({
      actorId: ctx.user.id,
      actorEmail: ctx.user.email,
      action: path,
      targetType: path.split(".")[1] ?? path,
      targetId: targetKey ? String(input[targetKey]) : null,
      reason: typeof input.reason === "string" ? input.reason : null,
      details: JSON.parse(JSON.stringify(input, (k, v) => (k === "value" && typeof v === "string" && v.length > 500 ? `${v.slice(0, 500)}…` : v))),
    })
    .run();
  return result;
});
