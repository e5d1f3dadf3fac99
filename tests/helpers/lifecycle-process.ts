/*
 * One lifecycle tick in a process of its own, on a shop's database file: a second server racing this
 * one (tests/integration/draws.test.ts).
 *   node --import tsx tests/helpers/lifecycle-process.ts <database file> <now, ms>
 * Prints the tick's result as JSON.
 */
import { createDb } from "../../db/client";
import { noopMailer } from "../../src/server/mail/mailer";
import { lifecycleTick } from "../../src/server/services/draws";

const [path, at] = process.argv.slice(2);
const db = createDb(path!);
const now = new Date(Number(at));
const done = await lifecycleTick({ db, mailer: noopMailer, now: () => now });
db.$client.close();
process.stdout.write(JSON.stringify(done));
