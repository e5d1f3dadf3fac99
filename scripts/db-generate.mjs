// `npm run db:generate [-- --name NAME]`: each engine's migration from the one description of the tables
// (db/schema): SQLite's in db/migrations, then PostgreSQL's in db/migrations-pg, with the same name
// (docs/decisions/015-postgresql-beside-sqlite.md). Commit both.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const kit = join(root, "node_modules/.bin/drizzle-kit");
for (const engine of ["sqlite", "postgresql"]) {
  const run = spawnSync(kit, ["generate", ...process.argv.slice(2)], { cwd: root, stdio: "inherit", env: { ...process.env, DRIZZLE_ENGINE: engine } });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
