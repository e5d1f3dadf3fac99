// `npm run db:reset`: delete the database file, migrate a fresh one and seed it.
import { rmSync } from "node:fs";
import { createDb, databaseHolders, migrateDb } from "../db/client";
import { seed } from "../src/server/seed/seed";
import { adminSignInLines, seedAdminPassword } from "../src/server/seed/admin-sign-in";
import { loadDotEnv, loadEnv } from "../src/server/env";

loadDotEnv();
const env = loadEnv();
// Deleting the file under a running shop would lose every order it then takes.
const holders = databaseHolders(env.DATABASE_PATH);
if (holders.length) {
  console.error(`The shop is running on ${env.DATABASE_PATH} (process ${holders.join(", ")}): stop it first, then reset.`);
  process.exit(1);
}
for (const suffix of ["", "-wal", "-shm"]) rmSync(env.DATABASE_PATH + suffix, { force: true });
const db = createDb(env.DATABASE_PATH);
migrateDb(db);
const result = await seed(db, {
  demo: env.SEED_DEMO,
  adminEmail: env.SEED_ADMIN_EMAIL,
  adminPassword: seedAdminPassword(env),
});
db.$client.close();
console.log(`Database reset at ${env.DATABASE_PATH}`);
for (const line of adminSignInLines(result, env)) console.log(line);
