// A throw-away PostgreSQL server (docs/decisions/015-postgresql-beside-sqlite.md): Debian's PostgreSQL in a
// cluster of its own, in a temporary folder, on loopback. The server suites run on one (tests/helpers/postgres.ts)
// and so does the benchmark's PostgreSQL run (scripts/bench/postgres.mjs).
import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { ensurePostgres } from "./ensure-postgres.mjs";

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = s.address().port;
      s.close(() => resolve(port));
    });
  });

const USER = "shop";

/** The system user PostgreSQL runs as: the server refuses root. Null when this process is not root. */
function serverAccount() {
  if (process.getuid?.() !== 0) return null;
  const [uid, gid] = ["-u", "-g"].map((flag) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim()));
  return { name: "postgres", uid, gid };
}

/**
 * Starts a PostgreSQL server in a temporary folder (its data, socket and log there; installed from
 * Debian's package when missing), listening on 127.0.0.1 on a free port, with one trusted user. Made
 * for tests: fsync and synchronous commit are off, since the cluster is thrown away afterwards.
 */
export async function startPostgres() {
  const bin = ensurePostgres();
  const account = serverAccount();
  const dir = mkdtempSync(join(tmpdir(), "harvest-pg-"));
  const data = join(dir, "data");
  mkdirSync(data, { mode: 0o700 });
  chmodSync(dir, 0o700);
  if (account) {
    chownSync(dir, account.uid, account.gid);
    chownSync(data, account.uid, account.gid);
  }
  const run = (program, args) => {
    const command = join(bin, program);
    // As the server's own account when this is root (tests and CI run as root here).
    if (account) execFileSync("runuser", ["-u", account.name, "--", command, ...args], { cwd: dir, stdio: "pipe" });
    else execFileSync(command, args, { cwd: dir, stdio: "pipe" });
  };
  const port = await freePort();
  const options = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses=127.0.0.1", "-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"];
  try {
    run("initdb", ["-D", data, "-U", USER, "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
    run("pg_ctl", ["-D", data, "-l", join(dir, "server.log"), "-o", options.join(" "), "-w", "-t", "30", "start"]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const url = (database = "postgres") => `postgres://${USER}@127.0.0.1:${port}/${database}`;
  const admin = new pg.Client({ connectionString: url() });
  await admin.connect();
  const major = Number((await admin.query("SHOW server_version_num")).rows[0].server_version_num) / 10000;
  await admin.end();
  return {
    major: Math.floor(major),
    url,
    async createDatabase(name) {
      if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a database name for tests: ${name}`);
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    pause() {
      // Fast: the server ends every session at once, as a restart or a failover does. (Immediate would be a
      // crash, which on this cluster, run without synchronous commit for speed, may lose the last commits.)
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
    },
    resume() {
      run("pg_ctl", ["-D", data, "-l", join(dir, "server.log"), "-o", options.join(" "), "-w", "-t", "30", "start"]);
    },
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
