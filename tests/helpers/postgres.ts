import { startPostgres, type PostgresCluster } from "../../scripts/postgres-cluster.mjs";

/** A throw-away PostgreSQL server for a test file: Debian's PostgreSQL, its own cluster, on loopback (scripts/postgres-cluster.mjs). */
export type TestPostgres = PostgresCluster;

/**
 * Starts a PostgreSQL server in a temporary folder (its data, socket and log there; installed from
 * Debian's package when missing), listening on 127.0.0.1 on a free port, with one trusted user. Made
 * for tests: fsync and synchronous commit are off, since the cluster is thrown away afterwards.
 */
export { startPostgres };
