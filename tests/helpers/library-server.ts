/**
 * The shop's app with its REST paths answered by trpc-to-openapi's own handler, for
 * tests/rest/rest-handler-conformance.test.ts (started by `startLibraryServer`): HARVEST_DB names
 * the test's database file, PORT where to listen.
 */
import { createServer } from "node:http";
import { createDb } from "../../db/client";
import { createApp } from "../../src/server/app";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { sqliteSimulatedStore } from "../../src/server/payments/simulated-store";
import { createLibraryRestHandler, PassThroughCache } from "./library-rest";

const db = createDb(process.env.HARVEST_DB!);
// Its simulated bank shares the test's challenges through the database file.
const payments = new SimulatedPaymentProvider({ store: sqliteSimulatedStore(db) });
const server = createServer(createApp({ db, services: { payments }, restHandler: createLibraryRestHandler, cache: new PassThroughCache() }));
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("listening\n"));
