import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { list } from "tar";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, migrateDb } from "../../db/client";
import { createBackup } from "../../scripts/db-backup";
import { runDbScriptSync } from "../helpers/server-process";

/** `npm run db:backup` and its rotation, run as the real script on data folders the tests make. */
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A data folder with a migrated (empty) database. */
function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "harvest-backup-"));
  dirs.push(dir);
  const db = createDb(join(dir, "shop.db"));
  migrateDb(db);
  db.$client.close();
  return dir;
}

const backup = (dataDir: string, args: string[], extra: Record<string, string> = {}) => runDbScriptSync("db-backup", dataDir, args, extra);

describe("db:backup rotation", () => {
  /** Archives named for the given UTC times (as db:backup names them), plus files rotation must never touch. */
  function craft(dir: string, times: string[]): void {
    mkdirSync(dir, { recursive: true });
    for (const t of times) writeFileSync(join(dir, `harvest-${t.replace(/:/g, "-")}Z.tar.gz`), "old archive");
    writeFileSync(join(dir, "shop-2025-01-01T00-00-00-000Z.db"), "an old bare backup");
    writeFileSync(join(dir, "before-the-upgrade.tar.gz"), "named by hand");
  }

  it("keeps the newest archive of each of the last N days and M weeks, the one just written, and nothing it did not make", () => {
    const dataDir = dataFolder();
    const backups = join(dataDir, "backups");
    // Dates long past, so the test reads the same whatever the day it runs: the archive written now is
    // today's and this week's, and takes one daily and one weekly place of its own.
    craft(backups, [
      "2020-03-05T03:00:00", // Thursday, ISO week 10: newest of its day and of its week
      "2020-03-05T01:00:00", // same day, older: goes
      "2020-03-04T03:00:00", // the third day kept
      "2020-03-03T03:00:00", // past the daily places, and not its week's newest: goes
      "2020-02-27T03:00:00", // Thursday, week 9 (Monday 2 March starts week 10): the third week kept
      "2020-02-24T03:00:00", // week 9, older: goes
      "2020-02-16T03:00:00", // week 7: past the weekly places, goes
    ]);
    const run = backup(dataDir, ["--keep-daily", "3", "--keep-weekly", "3"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const written = /^Backed up to (\S+) /.exec(run.stdout)![1]!;
    expect(run.stdout).toContain("Rotation (keep 3 daily, 3 weekly): removed ");
    expect(readdirSync(backups).sort()).toEqual(
      [
        written.split("/").pop()!,
        "harvest-2020-03-05T03-00-00Z.tar.gz",
        "harvest-2020-03-04T03-00-00Z.tar.gz",
        "harvest-2020-02-27T03-00-00Z.tar.gz",
        "shop-2025-01-01T00-00-00-000Z.db",
        "before-the-upgrade.tar.gz",
      ].sort(),
    );
  }, 40_000);

  it("reads the counts from BACKUP_KEEP_DAILY / BACKUP_KEEP_WEEKLY, never removes the archive just written, and prunes nothing without them", () => {
    const dataDir = dataFolder();
    const backups = join(dataDir, "backups");
    craft(backups, ["2026-11-20T03:00:00", "2026-11-19T03:00:00"]);
    const plain = backup(dataDir, []);
    expect(plain.code).toBe(0);
    expect(plain.stdout).not.toContain("Rotation");
    expect(readdirSync(backups).filter((f) => f.startsWith("harvest-"))).toHaveLength(3);

    const zero = backup(dataDir, [], { BACKUP_KEEP_DAILY: "0", BACKUP_KEEP_WEEKLY: "0" });
    expect(zero.code).toBe(0);
    const written = /^Backed up to (\S+) /.exec(zero.stdout)![1]!;
    expect(readdirSync(backups).filter((f) => f.startsWith("harvest-"))).toEqual([written.split("/").pop()]);
  }, 40_000);

  it("refuses a count that is not a number, in one line, before backing anything up", () => {
    const dataDir = dataFolder();
    const run = backup(dataDir, ["--keep-daily", "seven"]);
    expect(run.code).not.toBe(0);
    expect(run.stderr.trim().split("\n")).toEqual(['--keep-daily (BACKUP_KEEP_DAILY) must be a whole number of archives (got "seven").']);
    expect(existsSync(join(dataDir, "backups"))).toBe(false);
  }, 40_000);
});

describe("db:backup and the media", () => {
  it("leaves out a file deleted while it runs with a warning, and names an upload the database needs that is missing", async () => {
    const dataDir = dataFolder();
    const uploads = join(dataDir, "uploads");
    mkdirSync(uploads);
    for (const key of ["aaaaaaaa-1111", "bbbbbbbb-2222"]) {
      writeFileSync(join(uploads, key), `bytes of ${key}`);
      writeFileSync(join(uploads, `${key}.json`), '{"contentType":"image/png"}');
    }
    writeFileSync(join(uploads, ".upload-cccccccc-3333-0011.tmp"), "half an upload");
    const db = createDb(join(dataDir, "shop.db"));
    db.$client.prepare("insert into settings (key, value, category, updated_at) values ('drill_image', '/objects/uploads/dddddddd-4444', 'media', 0)").run();
    db.$client.close();
    // A file that goes while the backup runs: listed, then gone before it is taken.
    const { readdir } = await import("node:fs/promises");
    const target = join(dataDir, "backups", "media.tar.gz");
    let deleted = false;
    const result = await createBackup({
      dataDir,
      databasePath: join(dataDir, "shop.db"),
      target,
      now: new Date(),
      // The hook sits between listing the folder and taking its files.
      onMediaListed: async () => {
        rmSync(join(uploads, "bbbbbbbb-2222"));
        deleted = (await readdir(uploads)).every((n) => n !== "bbbbbbbb-2222");
      },
    });
    expect(deleted).toBe(true);
    expect(result.warnings).toEqual([
      "uploads/bbbbbbbb-2222 was deleted while the backup ran: left out",
      `the database names /objects/uploads/dddddddd-4444, which is not in ${uploads}`,
    ]);
    expect(result.manifest.missingMedia).toEqual(["dddddddd-4444"]);
    const entries: string[] = [];
    await list({ file: target, onReadEntry: (e) => entries.push(e.path) });
    expect(entries).toEqual(["manifest.json", "shop.db", "uploads/aaaaaaaa-1111", "uploads/aaaaaaaa-1111.json"]);
  });

  it("on a full disk exits non-zero with one plain line and leaves no partial archive", () => {
    const dataDir = dataFolder();
    const mount = mkdtempSync(join(tmpdir(), "harvest-backup-full-"));
    dirs.push(mount);
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mount], { stdio: "ignore" });
    } catch {
      console.log("not run: mounting a small tmpfs needs root");
      return;
    }
    try {
      mkdirSync(join(dataDir, "uploads"));
      // Media that do not compress: more than the small disk holds.
      writeFileSync(join(dataDir, "uploads", "eeeeeeee-5555"), Buffer.from(Array.from({ length: 256 * 1024 }, () => Math.floor(Math.random() * 256))));
      writeFileSync(join(dataDir, "uploads", "eeeeeeee-5555.json"), '{"contentType":"image/png"}');
      const run = backup(dataDir, [join(mount, "harvest.tar.gz")]);
      expect(run.code).not.toBe(0);
      expect(run.stdout).toBe("");
      expect(run.stderr.trim().split("\n")).toEqual(["Backup failed: the disk is full."]);
      expect(readdirSync(mount)).toEqual([]);
      expect(readdirSync(join(dataDir, "backups")).filter((f) => f.startsWith("."))).toEqual([]);
    } finally {
      execFileSync("umount", [mount]);
    }
  }, 40_000);
});
