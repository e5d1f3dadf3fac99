/**
 * The shop's app with its REST paths answered by trpc-to-openapi's own handler, for
 * tests/rest/rest-handler-conformance.test.ts (started by `startLibraryServer`): HARVEST_DB names
 * the test's database (its file, or its URL on PostgreSQL), PORT where to listen.
 */
import { createServer } from "node:http";
import pg from "pg";
import { createDb } from "../../db/client";
import { createPostgresDb } from "../../db/postgres-db";
import { createApp } from "../../src/server/app";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { sqliteSimulatedStore } from "../../src/server/payments/simulated-store";
import { createLibraryRestHandler, PassThroughCache } from "./library-rest";

const where = process.env.HARVEST_DB!;
const db = /^postgres(ql)?:\/\//.test(where) ? createPostgresDb(new pg.Pool({ connectionString: where, max: 10 })) : createDb(where);
// Its simulated bank shares the test's challenges through the database.
const payments = new SimulatedPaymentProvider({ store: sqliteSimulatedStore(db) });
const server = createServer(createApp({ db, services: { payments }, restHandler: createLibraryRestHandler, cache: new PassThroughCache() }));
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("listening\n"));
