import { startPostgres as startCluster } from "../../scripts/postgres-cluster.mjs";

/** A throw-away PostgreSQL server for a test file: Debian's PostgreSQL, its own cluster, on loopback. */
export interface TestPostgres {
  /** The server's major version, e.g. 15. */
  readonly major: number;
  /** A URL for `database` on this server (the maintenance database by default). */
  url(database?: string): string;
  /** A fresh, empty database of its own; resolves with its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server, ending every session at once (as a restart or a failover does), keeping its files for `resume`. */
  pause(): void;
  /** Starts the paused server again on the same port and data. */
  resume(): void;
  /** Stops the server at once and removes its files. */
  stop(): void;
}

/**
 * Starts a PostgreSQL server in a temporary folder (its data, socket and log there; installed from
 * Debian's package when missing), listening on 127.0.0.1 on a free port, with one trusted user. Made
 * for tests: fsync and synchronous commit are off, since the cluster is thrown away afterwards.
 */
export function startPostgres(): Promise<TestPostgres> {
  return startCluster();
}
