import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create as createTar, extract } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, migrateDb } from "../../db/client";
import { createBackup } from "../../scripts/db-backup";
import { runDbScriptSync } from "../helpers/server-process";

/** `npm run db:restore` refusing archives it cannot trust: one line each, and the data folder untouched. */
let dataDir = "";
let work = "";
let archive = "";
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "harvest-refusals-"));
  work = mkdtempSync(join(tmpdir(), "harvest-refusals-work-"));
  const db = createDb(join(dataDir, "shop.db"));
  migrateDb(db);
  db.$client.close();
  mkdirSync(join(dataDir, "uploads"));
  writeFileSync(join(dataDir, "uploads", "ffffffff-6666"), "an image");
  writeFileSync(join(dataDir, "uploads", "ffffffff-6666.json"), '{"contentType":"image/png"}');
  archive = (await createBackup({ dataDir, databasePath: join(dataDir, "shop.db"), target: join(work, "good.tar.gz") })).file;
});
afterAll(() => [dataDir, work].forEach((d) => rmSync(d, { recursive: true, force: true })));

const restore = (file: string) => runDbScriptSync("db-restore", dataDir, [file]);

/** The archive unpacked, changed by `edit`, packed again under `name`. */
async function altered(name: string, edit: (dir: string) => void): Promise<string> {
  const dir = join(work, name.replace(/\W/g, "_"));
  mkdirSync(dir);
  await extract({ file: archive, cwd: dir });
  edit(dir);
  const file = join(work, name);
  await createTar({ gzip: true, file, cwd: dir }, readdirSync(dir));
  return file;
}

const state = () => ({ files: readdirSync(dataDir).sort(), db: readFileSync(join(dataDir, "shop.db")).toString("base64") });

describe("db:restore refuses, changing nothing", () => {
  it.each([
    [
      "a file that is not a backup",
      async () => {
        writeFileSync(join(work, "notes.txt"), "not an archive");
        return join(work, "notes.txt");
      },
      (f: string) => `${f} is not a backup (a .tar.gz made by npm run db:backup, or a .db file).`,
    ],
    [
      "an archive without a manifest",
      () => altered("no-manifest.tar.gz", (d) => rmSync(join(d, "manifest.json"))),
      (f: string) => `The archive ${f} has no manifest.json: it was not made by npm run db:backup.`,
    ],
    [
      "an archive missing a media file its manifest lists",
      () => altered("no-media.tar.gz", (d) => rmSync(join(d, "uploads", "ffffffff-6666"))),
      (f: string) => `The archive ${f} is missing uploads/ffffffff-6666, which its manifest lists.`,
    ],
    [
      "an archive with a file its manifest does not list",
      () => altered("extra.tar.gz", (d) => writeFileSync(join(d, "uploads", "99999999-0000"), "slipped in")),
      (f: string) => `The archive ${f} holds uploads/99999999-0000, which its manifest does not list.`,
    ],
    [
      "an archive from a newer release",
      () =>
        altered("newer.tar.gz", (d) => {
          const m = JSON.parse(readFileSync(join(d, "manifest.json"), "utf8"));
          m.schema = { migrations: m.schema.migrations + 1, latest: "9999_from_the_future" };
          writeFileSync(join(d, "manifest.json"), JSON.stringify(m));
        }),
      (f: string) => `The archive ${f} comes from a newer release (migration 9999_from_the_future): install that release, then restore.`,
    ],
    [
      "an archive cut short",
      async () => {
        const whole = readFileSync(archive);
        writeFileSync(join(work, "cut.tar.gz"), whole.subarray(0, Math.floor(whole.length / 2)));
        return join(work, "cut.tar.gz");
      },
      (f: string) => `The archive ${f} is damaged: zlib: unexpected end of file`,
    ],
    ["a file that is not there", async () => join(work, "missing.tar.gz"), (f: string) => `No backup at ${f}.`],
  ])(
    "%s",
    async (_what, make, message) => {
      const file = await make();
      const before = state();
      const run = restore(file);
      expect(run.code).not.toBe(0);
      expect(run.stdout).toBe("");
      expect(run.stderr.trim().split("\n")).toEqual([message(file)]);
      expect(state()).toEqual(before);
    },
    30_000,
  );

  it("and restores the archive it was made from", () => {
    const run = restore(archive);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(readFileSync(join(dataDir, "uploads", "ffffffff-6666"), "utf8")).toBe("an image");
    expect(
      readdirSync(dataDir)
        .filter((f) => f.includes(".before-restore-"))
        .map((f) => f.replace(/-\d{4}-.*$/, "")),
    ).toEqual(["shop.db.before-restore", "uploads.before-restore"].sort());
  }, 30_000);
});
