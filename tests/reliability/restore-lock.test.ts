import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { backupDatabase } from "../../scripts/db-backup";
import { runDbScriptSync, startServerProcess } from "../helpers/server-process";

/** `npm run db:restore -- FILE` as an operator would run it, against the server's data folder. */
const restore = (dataDir: string, file: string) => runDbScriptSync("db-restore", dataDir, [file], {}, 20_000);

const kept = (dataDir: string) => readdirSync(dataDir).filter((f) => f.includes("before-restore"));

describe("db:restore and a running shop", () => {
  it("refuses with one line while the server holds the database, and restores once it has stopped", async () => {
    const server = await startServerProcess();
    const db = join(server.dataDir, "shop.db");
    const lock = `${db}.lock`;
    expect(readFileSync(lock, "utf8").trim()).toBe(String(server.proc.pid));
    const backup = join(server.dataDir, "backups", "before.db");
    await backupDatabase(db, backup);
    const inode = statSync(db).ino;

    const refused = restore(server.dataDir, backup);
    expect(refused.code).not.toBe(0);
    expect(refused.stdout).toBe("");
    expect(refused.stderr.trim().split("\n")).toEqual([`The shop is running on ${db} (process ${server.proc.pid}): stop it first, then restore.`]);
    expect(statSync(db).ino).toBe(inode);
    expect(kept(server.dataDir)).toEqual([]);
    // The shop carries on, on the same file.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    server.proc.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);
    expect(existsSync(lock)).toBe(false);
    const done = restore(server.dataDir, backup);
    expect(done.stderr).toBe("");
    expect(done.code).toBe(0);
    expect(done.stdout).toContain("Restored");
    expect(kept(server.dataDir)).toHaveLength(1);
    rmSync(server.dataDir, { recursive: true, force: true });
  }, 60_000);

  it("ignores a stale lock left by a server that was killed", async () => {
    const server = await startServerProcess();
    const db = join(server.dataDir, "shop.db");
    const backup = join(server.dataDir, "backups", "before.db");
    await backupDatabase(db, backup);
    server.proc.kill("SIGKILL");
    await server.exited;
    expect(readFileSync(`${db}.lock`, "utf8").trim()).toBe(String(server.proc.pid));

    const done = restore(server.dataDir, backup);
    expect(done.stderr).toBe("");
    expect(done.code).toBe(0);

    // A server started on it again takes the lock over and gives it up when it stops.
    const again = await startServerProcess({ dataDir: server.dataDir });
    expect(readFileSync(`${db}.lock`, "utf8").trim()).toBe(String(again.proc.pid));
    again.proc.kill("SIGTERM");
    await again.exited;
    expect(existsSync(`${db}.lock`)).toBe(false);
    rmSync(server.dataDir, { recursive: true, force: true });
  }, 60_000);
});
