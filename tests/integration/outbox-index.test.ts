import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { outboxCounts, queuedMail } from "../../src/server/mail/outbox";
import { listMailFailures } from "../../src/server/services/mail/outbox";
import { createTestDb } from "../helpers/db";

/**
 * A shop that has sent 200,000 confirmations keeps them all in the outbox. The worker's next batch
 * (after every sale while SMTP_URL is set), the health check's counts and the failed-mail list read
 * only mail not yet sent, through its partial index, never the whole table (a full scan of 250,000
 * rows took about 300 ms on the build machine, blocking every request).
 */
async function plansOf(db: Db, read: () => Promise<unknown>): Promise<string[]> {
  const client = db.$client;
  const prepare = client.prepare.bind(client);
  const seen: string[] = [];
  client.prepare = ((source: string) => {
    if (/^\s*select/i.test(source) && source.includes('"mail_outbox"')) seen.push(source);
    return prepare(source);
  }) as typeof client.prepare;
  try {
    await read();
  } finally {
    client.prepare = prepare;
  }
  expect(seen.length).toBeGreaterThan(0);
  return seen.flatMap((source) => {
    const params = (source.match(/\?/g) ?? []).map(() => 1);
    return (prepare(`explain query plan ${source}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail).filter((d) => d.includes("mail_outbox"));
  });
}

describe("reading the outbox", () => {
  const db = createTestDb();
  it.each([
    ["the worker's next batch", () => queuedMail(db, 50)],
    ["the health check's counts", () => outboxCounts(db)],
    ["the failed-mail list", () => listMailFailures(db)],
  ])("%s reads only unsent mail, through its index", async (_, read) => {
    const plans = await plansOf(db, read);
    for (const plan of plans) expect(plan).toMatch(/USING (COVERING )?INDEX mail_outbox_unsent_idx/);
  });
});
