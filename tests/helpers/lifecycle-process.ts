/*
 * One lifecycle tick in a process of its own, on a shop's database (its SQLite file or its PostgreSQL
 * URL): a second server racing this one (tests/integration/draws.test.ts).
 *   node --import tsx tests/helpers/lifecycle-process.ts <database file or postgres:// URL> <now, ms>
 * Prints the tick's result as JSON.
 */
import pg from "pg";
import { createDb } from "../../db/client";
import { createPostgresDb } from "../../db/postgres-db";
import { noopMailer } from "../../src/server/mail/mailer";
import { lifecycleTick } from "../../src/server/services/draws";

const [where, at] = process.argv.slice(2);
const db = /^postgres(ql)?:/.test(where!) ? createPostgresDb(new pg.Pool({ connectionString: where, max: 2 })) : createDb(where!);
const now = new Date(Number(at));
const done = await lifecycleTick({ db, mailer: noopMailer, now: () => now });
await db.close();
process.stdout.write(JSON.stringify(done));
