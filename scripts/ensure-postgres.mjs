// The server suites also run on a real PostgreSQL (docs/decisions/015-postgresql-beside-sqlite.md): each test
// run starts a throw-away cluster of Debian's PostgreSQL (tests/helpers/postgres.ts). Installs the package
// when it is missing, as ensure-browser.mjs does for Chromium, with its system service kept from starting
// (the tests run their own server, as the `postgres` system user, on a free port).
import { execSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = "/usr/lib/postgresql";

/** The newest installed PostgreSQL's programs (initdb, pg_ctl, postgres), or null. */
export function postgresBin() {
  if (!existsSync(ROOT)) return null;
  const versions = readdirSync(ROOT)
    .filter((v) => existsSync(join(ROOT, v, "bin/initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(ROOT, versions[0], "bin") : null;
}

/** Installs Debian's postgresql package when no PostgreSQL is there; returns the programs' folder. */
export function ensurePostgres() {
  const found = postgresBin();
  if (found) return found;
  console.log("PostgreSQL not found; installing Debian's postgresql package…");
  const root = process.getuid?.() === 0;
  const sudo = root ? "" : "sudo ";
  const policy = "/usr/sbin/policy-rc.d";
  const ownPolicy = root && !existsSync(policy);
  // Exit 101: "action forbidden by policy", so the package's scripts do not start the system's cluster.
  if (ownPolicy) writeFileSync(policy, "#!/bin/sh\nexit 101\n", { mode: 0o755 });
  try {
    execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql`, {
      stdio: "inherit",
    });
  } finally {
    if (ownPolicy) rmSync(policy, { force: true });
  }
  const installed = postgresBin();
  if (!installed) {
    console.error(`Still no PostgreSQL under ${ROOT} after apt-get`);
    process.exit(1);
  }
  return installed;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`PostgreSQL: ${ensurePostgres()}`);
