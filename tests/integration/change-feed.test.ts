import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChangeFeed } from "../../db/change-feed";
import { startPostgres, type TestPostgres } from "../helpers/postgres";

// How every process of a shop on PostgreSQL hears that data changed (db/change-feed.ts, decision 015), on a
// real server: two feeds stand for two processes.
let server: TestPostgres;
const feeds: ChangeFeed[] = [];

beforeAll(async () => {
  server = await startPostgres();
}, 60_000);

afterAll(async () => {
  await Promise.all(feeds.map((f) => f.stop()));
  server?.stop();
});

/** A feed, and what it heard: "change" for a change told by another process, "missed" after a reconnect. */
async function shopProcess(url: string) {
  const heard: string[] = [];
  const feed = new ChangeFeed(url, { onChange: (missed) => heard.push(missed ? "missed" : "change"), retryMs: 100 });
  await feed.start();
  feeds.push(feed);
  return { feed, heard };
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe("the change feed between a shop's processes", () => {
  it("tells the other processes of a change, and not the one that made it", async () => {
    const url = server.url();
    const a = await shopProcess(url);
    const b = await shopProcess(url);
    await a.feed.notify();
    await until(() => b.heard.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(b.heard).toEqual(["change"]);
    expect(a.heard).toEqual([]);
  });

  it("after losing its connection, makes it again and says changes may have been missed; then hears again", async () => {
    const url = server.url();
    const a = await shopProcess(url);
    const b = await shopProcess(url);
    // The server ends b's listening connection (a restart, a network cut), and a change is told meanwhile.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid() AND pid = ANY($1::int[])",
      [[(b.feed as unknown as { ownPid: number }).ownPid]],
    );
    await admin.end();
    await until(() => !b.feed.listening, 2000).catch(() => {});
    await a.feed.notify();
    await until(() => b.heard.includes("missed"));
    expect(b.feed.listening).toBe(true);
    await a.feed.notify();
    await until(() => b.heard.filter((h) => h === "change").length >= 1);
    expect(b.heard[0]).toBe("missed");
  });

  it("still tells the others while its own connection is being made again", async () => {
    const url = server.url();
    const a = await shopProcess(url);
    const b = await shopProcess(url);
    await a.feed.stop(); // not listening any more: a's notifications go through a connection of their own
    await a.feed.notify();
    await until(() => b.heard.length === 1);
    expect(b.heard).toEqual(["change"]);
  });

  it("refuses to start when the server cannot be reached", async () => {
    const feed = new ChangeFeed("postgres://shop@127.0.0.1:1/nowhere", { onChange: () => {} });
    await expect(feed.start()).rejects.toThrow();
    await feed.stop();
  });
});
