import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, instantPrizes, statistics, winners } from "../../db/schema";
import { anonCaller, refusedWith, tokenCaller } from "../helpers/account";
import { createCompetition } from "../factories/competitions";
import { createUserWithSession } from "../factories/users";
import { createTestDb } from "../helpers/db";

/*
 * Issue #28: "2.2k+ winners · £11.3m+ won · 82.4k+ followers" are the operator's figures. An admin
 * types them, or lets the shop compute winners and prize value from its own records; an empty
 * figure shows the spec's fallback text, and every change is audited.
 */

const db = createTestDb();
const admin = await createUserWithSession(db, "admin");
const customer = await createUserWithSession(db);
const adminCaller = () => tokenCaller(db, admin.token);
const publicStats = () => anonCaller(db).public.content.statistics();
await db.insert(statistics).values({ id: 1, totalWinners: 2214, totalPrizeValuePence: 1_125_000_000, totalFollowers: 82_400 });

describe("the site statistics", () => {
  it("an admin types new figures: the public answer shows them, and the audit log has before and after", async () => {
    const saved = await (await adminCaller()).admin.statistics.update({ source: "manual", totalWinners: 7, totalPrizeValue: "48500.00", totalFollowers: 1200 });
    expect(saved).toMatchObject({ source: "manual", totalWinners: 7, totalPrizeValue: "48500.00", totalFollowers: 1200 });
    expect(await publicStats()).toMatchObject({ totalWinners: 7, totalPrizeValue: "48500.00", totalFollowers: 1200 });
    const row = (await db.select().from(auditLog).where(eq(auditLog.action, "admin.statistics.update"))).at(-1)!;
    expect(row.actorEmail).toBe(admin.user.email);
    expect(row.details).toMatchObject({
      totalWinners: 7,
      totalPrizeValue: "48500.00",
      before: { source: "manual", totalWinners: 2214, totalPrizeValue: "11250000.00", totalFollowers: 82400 },
    });
  });

  it("an empty figure is stored as none, so the pages show the spec's fallback text", async () => {
    await (await adminCaller()).admin.statistics.update({ source: "manual", totalWinners: null, totalPrizeValue: null, totalFollowers: 500 });
    expect(await publicStats()).toMatchObject({ totalWinners: 0, totalPrizeValue: "0.00", totalFollowers: 500 });
  });

  it("computed: winners and prize value come from the shop's own draws, recorded winners and instant prizes; followers stay typed", async () => {
    const tractor = await createCompetition(db, { title: "Stats Tractor", cashAlternative: "£68,000" });
    const course = await createCompetition(db, { title: "Stats Course", cashAlternative: null });
    const instant = await createCompetition(db, { title: "Stats Instant", instantWin: true });
    await db.insert(winners).values({ competitionId: tractor.id, customerName: "Ann B., Kent", source: "draw" });
    await db.insert(winners).values({ competitionId: course.id, customerName: "Cai D., Powys", source: "manual" });
    const won = async (n: number, kind: "credit" | "cash", valuePence: number) => {
      await db.insert(instantPrizes).values({
        competitionId: instant.id,
        unitIndex: n,
        name: "prize",
        kind,
        valuePence,
        ticketNumber: String(n + 1),
        salt: "s",
        commitment: `c${n}`,
        wonAt: new Date(),
      });
    };
    await won(0, "credit", 500);
    await won(1, "cash", 2000);
    // A cash instant win has a winners row too: counted once.
    await db.insert(winners).values({ competitionId: instant.id, customerName: "Eve F.", source: "instant", ticketNumber: "2" });
    await db
      .insert(instantPrizes)
      .values({ competitionId: instant.id, unitIndex: 2, name: "prize", kind: "cash", valuePence: 9999, ticketNumber: "3", salt: "s", commitment: "c2" });

    const saved = await (
      await adminCaller()
    ).admin.statistics.update({ source: "computed", totalWinners: 999, totalPrizeValue: "1.00", totalFollowers: 82_400 });
    expect(saved.computed).toEqual({ totalWinners: 4, totalPrizeValue: "68025.00" });
    expect(await publicStats()).toMatchObject({ totalWinners: 4, totalPrizeValue: "68025.00", totalFollowers: 82_400 });
    // Back to typed figures: what was typed, not what was computed.
    await (await adminCaller()).admin.statistics.update({ source: "manual", totalWinners: 12, totalPrizeValue: "100.00", totalFollowers: 82_400 });
    expect(await publicStats()).toMatchObject({ totalWinners: 12, totalPrizeValue: "100.00" });
  });

  it("refuses bad figures with their field's message, and anyone but an admin", async () => {
    const bad = await refusedWith(
      (await adminCaller()).admin.statistics.update({ source: "manual", totalWinners: -1, totalPrizeValue: "11m", totalFollowers: 1.5 }),
    );
    expect(bad.code).toBe("BAD_REQUEST");
    expect(bad.message).toMatch(/cannot be negative|must be a whole number|amount in pounds/);
    expect((await refusedWith((await tokenCaller(db, customer.token)).admin.statistics.get())).code).toBe("FORBIDDEN");
  });
});
