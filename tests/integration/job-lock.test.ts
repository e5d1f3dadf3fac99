import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobLockKey, runAlone } from "../../db/job-lock";
import { startPostgres, type TestPostgres } from "../helpers/postgres";

// The shop's timed jobs run in one process at a time on PostgreSQL (db/job-lock.ts, decision 015), on a real
// server: each pool stands for a process.
let server: TestPostgres;
const pools: pg.Pool[] = [];

beforeAll(async () => {
  server = await startPostgres();
}, 60_000);

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end().catch(() => {})));
  server?.stop();
});

const processPool = () => {
  const pool = new pg.Pool({ connectionString: server.url(), max: 2 });
  pools.push(pool);
  return pool;
};
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a timed job across a shop's processes", () => {
  it("runs in one process when three reach the same turn together; the others skip it", async () => {
    let runs = 0;
    const sweep = async () => {
      runs += 1;
      await later(100);
      return "swept";
    };
    const outcomes = await Promise.all([processPool(), processPool(), processPool()].map((pool) => runAlone(pool, "sweep", sweep)));
    expect(runs).toBe(1);
    expect(outcomes.filter((o) => o.ran)).toEqual([{ ran: true, value: "swept" }]);
    // The next turn is anyone's again.
    expect(await runAlone(processPool(), "sweep", async () => "again")).toEqual({ ran: true, value: "again" });
  });

  it("keeps different jobs apart: the draw runs while the sweep does", async () => {
    const pool = processPool();
    let release!: () => void;
    const sweeping = runAlone(pool, "sweep", () => new Promise<void>((resolve) => (release = resolve)));
    await later(50);
    expect(await runAlone(processPool(), "scheduled-draws", async () => "drawn")).toEqual({ ran: true, value: "drawn" });
    expect(await runAlone(processPool(), "sweep", async () => "second sweep")).toEqual({ ran: false });
    release();
    expect((await sweeping).ran).toBe(true);
    expect(jobLockKey("sweep")).not.toBe(jobLockKey("scheduled-draws"));
  });

  it("frees the job when the process running it dies, for the next turn of another", async () => {
    const dying = new pg.Client({ connectionString: server.url() });
    dying.on("error", () => {}); // its end, below, is on purpose
    await dying.connect();
    await dying.query("SELECT pg_advisory_lock($1::bigint)", [jobLockKey("mail-sender")]);
    expect(await runAlone(processPool(), "mail-sender", async () => "sent")).toEqual({ ran: false });
    // kill -9 of that process: its connection ends without a word.
    (dying as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    await later(200);
    expect(await runAlone(processPool(), "mail-sender", async () => "sent")).toEqual({ ran: true, value: "sent" });
  });

  it("lets go of the job when the work fails, and passes the error on", async () => {
    const pool = processPool();
    await expect(
      runAlone(pool, "claim-reminders", async () => {
        throw new Error("mail server down");
      }),
    ).rejects.toThrow("mail server down");
    expect(await runAlone(processPool(), "claim-reminders", async () => "reminded")).toEqual({ ran: true, value: "reminded" });
  });
});
