/** A throw-away PostgreSQL server: Debian's PostgreSQL, its own cluster, on loopback (scripts/postgres-cluster.mjs). */
export interface PostgresCluster {
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
export function startPostgres(): Promise<PostgresCluster>;
