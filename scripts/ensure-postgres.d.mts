/** The newest installed PostgreSQL's programs (initdb, pg_ctl, postgres), or null. */
export function postgresBin(): string | null;
/** Installs Debian's postgresql package when no PostgreSQL is there; returns the programs' folder. */
export function ensurePostgres(): string;
