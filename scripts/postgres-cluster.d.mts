/** A throw-away PostgreSQL server: Debian's PostgreSQL, its own cluster, on loopback (scripts/postgres-cluster.mjs). */
export interface PostgresCluster {
  readonly major: number;
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  pause(): void;
  resume(): void;
  stop(): void;
}
export function startPostgres(): Promise<PostgresCluster>;
