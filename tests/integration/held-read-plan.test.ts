import { describe, expect, it } from "vitest";
import { createTestDb } from "../helpers/db";

/**
 * The hold's check of tickets held unpaid (db/statements.ts heldOfUser, heldOfGuest) runs on every
 * purchase. It must read only the pending entries, through the partial indexes that hold just those:
 * a buyer's whole history in the competition (what entries_user_competition_idx would give) grows with
 * every purchase, and cost the flash sale 15 % of its rate when the planner chose it.
 */
describe("the hold's read of tickets held unpaid", () => {
  const db = createTestDb();
  const plan = (name: "heldOfUser" | "heldOfGuest") => {
    const stmt = db.statements[name] as unknown as { getQuery(): { sql: string; params: unknown[] } };
    const { sql, params } = stmt.getQuery();
    return (db.$client.prepare(`explain query plan ${sql}`).all(...params.map(() => null)) as Array<{ detail: string }>).map((r) => r.detail);
  };

  it.each(["heldOfUser", "heldOfGuest"] as const)("%s searches the partial indexes of pending entries only", (name) => {
    const details = plan(name).filter((d) => d.includes(" e "));
    expect(details).toContain("SEARCH e USING INDEX entries_held_user_idx (competition_id=? AND user_id=?)");
    expect(details).toContain("SEARCH e USING INDEX entries_held_ip_idx (competition_id=? AND client_ip=?)");
    expect(details.join("\n")).not.toContain("entries_user_competition_idx");
  });
});
