/**
 * SQLite refuses a statement with more than 32,766 bound values ("too many SQL variables"), and a
 * long `IN (…)` list is slow to bind anyway: id lists are looked up this many at a time.
 */
export const ID_BATCH = 500;

/** `ids` in slices of at most ID_BATCH. */
export function* idBatches<T>(ids: readonly T[]): Generator<T[]> {
  for (let i = 0; i < ids.length; i += ID_BATCH) yield ids.slice(i, i + ID_BATCH);
}

/** Lets the event loop answer other requests between two chunks of a long read. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
