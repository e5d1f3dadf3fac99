// The server suites also run on a real PostgreSQL (docs/decisions/015-postgresql-beside-sqlite.md): each test
// run starts a throw-away cluster of Debian's PostgreSQL (tests/helpers/postgres.ts). Installs the package
// when it is missing, as ensure-browser.mjs does for Chromium, with its system service kept from starting
// (the tests run their own server, as the `postgres` system user, on a free port).
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { aptInstallWithoutStarting } from "./apt-install.mjs";

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
  aptInstallWithoutStarting(["postgresql"]);
  const installed = postgresBin();
  if (!installed) {
    console.error(`Still no PostgreSQL under ${ROOT} after apt-get`);
    process.exit(1);
  }
  return installed;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`PostgreSQL: ${ensurePostgres()}`);
