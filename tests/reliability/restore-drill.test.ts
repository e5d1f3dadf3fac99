import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { create as createTar, extract } from "tar";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { CLEAN_LEDGER, ledgerProblems } from "../helpers/assertions";
import { runDbScript, seedAdminSession, seedBuyers, startServerProcess, type ServerProcess } from "../helpers/server-process";

/*
 * The restore drill, as an operator would run it: a shop selling hard, `npm run db:backup` taken in the
 * middle of it, the shop stopped, `npm run db:restore` into a fresh data folder, a shop started on that,
 * and everything checked: paid orders and their tickets, site credit, sold counts, the uploaded media,
 * and a new purchase. Every command is the real script in its own process.
 */
const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) {
    if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill("SIGKILL");
    await s.exited;
  }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const buy = (url: string, token: string, competitionId: string, quantity: number, useCredit: boolean) =>
  fetch(`${url}/api/entries`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-session-token": token },
    body: JSON.stringify({
      competitionId,
      customerName: "Drill Buyer",
      customerEmail: "drill@example.test",
      quantity,
      ...(useCredit ? { useCredit, paymentToken: "sim_approve" } : {}),
    }),
  });

/** An admin with a session, and 300p of site credit for every other buyer; returns the admin's session token. */
function prepare(dataDir: string): string {
  const token = seedAdminSession(dataDir, "Drill");
  const db = new Database(join(dataDir, "shop.db"));
  db.pragma("busy_timeout = 5000");
  const now = Date.now();
  const buyers = db.prepare("select id, email from users where role = 'user' order by rowid").all() as Array<{ id: string; email: string }>;
  const credit = db.prepare(
    "insert into wallet_entries (id, user_id, email, amount_pence, kind, reference, note, created_at) values (?, ?, ?, 300, 'goodwill', null, 'drill', ?)",
  );
  buyers.forEach((b, i) => i % 2 === 0 && credit.run(crypto.randomUUID(), b.id, b.email, now));
  db.close();
  return token;
}

/** A small PNG (its first bytes are what the upload checks) PUT through the admin upload API; returns its path. */
async function uploadImage(url: string, token: string, bytes: Buffer): Promise<string> {
  const grant = await fetch(`${url}/api/campaign-media/upload-url`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-session-token": token },
    body: JSON.stringify({ filename: "tractor.png" }),
  });
  expect(grant.status).toBe(200);
  const { uploadUrl, objectPath } = (await grant.json()) as { uploadUrl: string; objectPath: string };
  const put = await fetch(`${url}${uploadUrl}`, {
    method: "PUT",
    headers: { "x-session-token": token, "content-type": "image/png" },
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  return objectPath;
}

/** Site credit adds up: no customer below zero, and each order's credit rows net to what it spent (nothing, once it failed). */
function creditProblems(path: string) {
  const db = new Database(path, { readonly: true });
  try {
    const negative = db.prepare("select user_id, sum(amount_pence) balance from wallet_entries group by user_id having balance < 0").all();
    const orders = db
      .prepare(
        "select o.id, o.status, o.credit_pence credit, coalesce((select sum(w.amount_pence) from wallet_entries w where w.reference = o.id), 0) net from orders o",
      )
      .all() as Array<{ id: string; status: string; credit: number; net: number }>;
    const mismatched = orders.filter((o) => o.net !== (o.status === "failed" ? 0 : -o.credit));
    return { negative, mismatched, spentOnPaid: orders.filter((o) => o.status === "paid").reduce((s, o) => s + o.credit, 0) };
  } finally {
    db.close();
  }
}

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
/** A real PNG of `side` × `side` noise, stored uncompressed (about 3 bytes a pixel): the shop decodes every image it keeps. */
const noisePng = (side: number) =>
  sharp({ create: { width: side, height: side, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();

describe("the restore drill: a backup taken under load restores to a shop that checks out", () => {
  let archive = "";
  let restoredDir = "";
  let server: ServerProcess;

  it("backs up database and media while purchases run, restores both into a fresh folder, and the restored shop is whole", async () => {
    server = await startServerProcess({ env: { PAYMENT_LATENCY_MS: "30", API_RATE_LIMIT_PER_SECOND: "0", ORDER_HOLD_SECONDS: "1" } });
    servers.push(server);
    dirs.push(server.dataDir);
    const { competitionId, tokens } = seedBuyers(server.dataDir, 24, { maxTickets: 20_000 });
    const admin = prepare(server.dataDir);
    const objectPath = await uploadImage(server.url, admin, await noisePng(260));
    // What the shop keeps (the upload re-encoded without metadata) is what the archive must give back.
    const image = readFileSync(join(server.dataDir, "uploads", objectPath.split("/").pop()!));
    // The competition shows the upload: the database names the file the archive must hold.
    const live = new Database(join(server.dataDir, "shop.db"));
    live.pragma("busy_timeout = 5000");
    live.prepare("update competitions set image = ? where id = ?").run(objectPath, competitionId);
    live.close();

    const meanwhile = await noisePng(130);
    let stop = false;
    const answers = { created: 0, other: 0 };
    const statuses: Record<string, number> = {};
    const load = tokens.map(async (token, i) => {
      while (!stop) {
        const res = await buy(server.url, token, competitionId, (i % 5) + 1, i % 2 === 0).catch(() => null);
        if (res?.status === 201) answers.created++;
        else answers.other++;
        statuses[String(res?.status)] = (statuses[String(res?.status)] ?? 0) + 1;
        await res?.arrayBuffer().catch(() => undefined);
      }
    });
    await new Promise((r) => setTimeout(r, 700));
    const before = answers.created;
    archive = join(server.dataDir, "backups", "drill.tar.gz");
    // An admin keeps uploading while the backup runs: each file is in the archive whole, or not at all.
    let uploading = true;
    const uploads = (async () => {
      let n = 0;
      while (uploading) {
        await uploadImage(server.url, admin, meanwhile);
        n++;
      }
      return n;
    })();
    const backup = await runDbScript("db-backup", server.dataDir, [archive]);
    uploading = false;
    const uploadedMeanwhile = await uploads;
    const duringBackup = answers.created - before;
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(load);
    console.log(`restore drill: ${answers.created} purchases (${duringBackup} while the backup ran), backup: ${backup.stdout.trim()} (script ${backup.ms} ms)`);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up to .*drill\.tar\.gz \(/);
    expect(duringBackup).toBeGreaterThan(0);
    expect(answers.created).toBeGreaterThan(50);

    // While the shop runs, a restore onto its folder is refused in one line, and nothing moves.
    const uploadsInode = statSync(join(server.dataDir, "uploads")).ino;
    const dbInode = statSync(join(server.dataDir, "shop.db")).ino;
    const refused = await runDbScript("db-restore", server.dataDir, [archive]);
    expect(refused.code).not.toBe(0);
    expect(refused.stdout).toBe("");
    expect(refused.stderr.trim().split("\n")).toEqual([
      `The shop is running on ${join(server.dataDir, "shop.db")} (process ${server.proc.pid}): stop it first, then restore.`,
    ]);
    expect(statSync(join(server.dataDir, "uploads")).ino).toBe(uploadsInode);
    expect(statSync(join(server.dataDir, "shop.db")).ino).toBe(dbInode);
    expect(readdirSync(server.dataDir).filter((f) => f.includes("before-restore") || f.startsWith(".restore-"))).toEqual([]);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    server.proc.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);

    // Restore into a fresh data folder, as on a new machine.
    restoredDir = mkdtempSync(join(tmpdir(), "harvest-restored-"));
    dirs.push(restoredDir);
    const restore = await runDbScript("db-restore", restoredDir, [archive]);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^Restored the backup of \S+ \(\d+ paid orders, \d+ tickets, \d+ media files\) to /);
    const key = objectPath.split("/").pop()!;
    expect(sha(readFileSync(join(restoredDir, "uploads", key)))).toBe(sha(image));
    const restoredUploads = readdirSync(join(restoredDir, "uploads"));
    const objects = restoredUploads.filter((f) => !f.endsWith(".json"));
    const peek = mkdtempSync(join(tmpdir(), "harvest-manifest-"));
    dirs.push(peek);
    await extract({ file: archive, cwd: peek }, ["manifest.json"]);
    const manifest = JSON.parse(readFileSync(join(peek, "manifest.json"), "utf8")) as { missingMedia: string[]; counts: { mediaFiles: number } };
    expect(manifest.missingMedia).toEqual([]);
    expect(manifest.counts.mediaFiles).toBe(objects.length);
    console.log(`restore drill: ${uploadedMeanwhile} uploads during the backup; the archive holds ${objects.length} media files`);
    expect(objects.length).toBeGreaterThanOrEqual(1);
    for (const o of objects) {
      expect(restoredUploads).toContain(`${o}.json`);
      expect(
        readFileSync(join(restoredDir, "uploads", o))
          .subarray(0, PNG_HEAD.length)
          .equals(PNG_HEAD),
      ).toBe(true);
    }

    // The snapshot itself: one moment of the ledger (orders caught pending still hold their numbers).
    const path = join(restoredDir, "shop.db");
    const snapshot = createDb(path);
    const paid = snapshot.$client.prepare("select count(*) n from orders where status = 'paid'").pluck().get() as number;
    const pending = snapshot.$client.prepare("select count(*) n from orders where status = 'pending'").pluck().get() as number;
    const snapshotProblems = ledgerProblems(snapshot);
    snapshot.$client.close();
    console.log(
      `restore drill: the archive holds ${paid} paid orders and ${pending} caught pending; ${answers.other} purchases were refused (by status: ${JSON.stringify(statuses)})`,
    );
    expect(paid).toBeGreaterThan(0);
    expect(await snapshotProblems).toMatchObject({ soldMismatch: [], heldMismatch: [], oversold: [], outOfRange: [], duplicates: [], paidWithoutTickets: [] });
    expect(creditProblems(path)).toMatchObject({ negative: [], mismatched: [] });
    expect(creditProblems(path).spentOnPaid).toBeGreaterThan(0);

    // Orders the backup caught pending hold their numbers for a second (ORDER_HOLD_SECONDS): past that, the restored
    // shop's first sweep settles them from the payment provider's record, or fails them and gives the numbers back.
    await new Promise((r) => setTimeout(r, 1100));
    // A shop started on it serves the upload and takes a new purchase; its sweep settles what the backup caught pending.
    const restored = await startServerProcess({ dataDir: restoredDir, env: { PAYMENT_LATENCY_MS: "5", ORDER_HOLD_SECONDS: "1" } });
    servers.push(restored);
    const media = await fetch(`${restored.url}${objectPath}`);
    expect(media.status).toBe(200);
    expect(sha(Buffer.from(await media.arrayBuffer()))).toBe(sha(image));
    const fresh = await buy(restored.url, tokens[1]!, competitionId, 3, false);
    expect(fresh.status).toBe(201);
    restored.proc.kill("SIGTERM");
    expect((await restored.exited).code).toBe(0);

    const after = createDb(path);
    const problems = ledgerProblems(after);
    const paidAfter = after.$client.prepare("select count(*) n from orders where status = 'paid'").pluck().get() as number;
    const pendingAfter = after.$client.prepare("select count(*) n from orders where status = 'pending'").pluck().get() as number;
    after.$client.close();
    expect(await problems).toEqual(CLEAN_LEDGER);
    expect(pendingAfter).toBe(0);
    expect(paidAfter).toBe(paid + 1);
    expect(creditProblems(path)).toMatchObject({ negative: [], mismatched: [] });
  }, 120_000);

  it("refuses an archive with a changed byte in its database, and changes nothing", async () => {
    expect(archive && restoredDir).toBeTruthy();
    const work = mkdtempSync(join(tmpdir(), "harvest-tamper-"));
    dirs.push(work);
    const unpacked = join(work, "unpacked");
    mkdirSync(unpacked);
    await extract({ file: archive, cwd: unpacked });
    const db = readFileSync(join(unpacked, "shop.db"));
    db[Math.floor(db.length / 2)]! ^= 0xff;
    writeFileSync(join(unpacked, "shop.db"), db);
    const tampered = join(work, "tampered.tar.gz");
    await createTar({ gzip: true, file: tampered, cwd: unpacked }, readdirSync(unpacked));

    const listing = () => readdirSync(restoredDir).sort();
    const before = { files: listing(), db: sha(readFileSync(join(restoredDir, "shop.db"))), uploads: readdirSync(join(restoredDir, "uploads")).sort() };
    const refused = await runDbScript("db-restore", restoredDir, [tampered]);
    expect(refused.code).not.toBe(0);
    expect(refused.stdout).toBe("");
    expect(refused.stderr.trim().split("\n")).toEqual([`The archive ${tampered} is damaged: shop.db does not match its checksum in the manifest.`]);
    expect(listing()).toEqual(before.files);
    expect(sha(readFileSync(join(restoredDir, "shop.db")))).toBe(before.db);
    expect(readdirSync(join(restoredDir, "uploads")).sort()).toEqual(before.uploads);
    expect(existsSync(join(restoredDir, "shop.db.lock"))).toBe(false);
  }, 30_000);
});
