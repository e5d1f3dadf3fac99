/** Tickets one order may have per competition (SPEC: 1–100). Here, not in the schemas, so the cart's pricing loads without zod. */
export const MIN_TICKETS = 1;
export const MAX_TICKETS = 100;
/** What an order of more than MAX_TICKETS is told. */
export const TOO_MANY_TICKETS = `At most ${MAX_TICKETS} entries per order`;

/**
 * What the entry form says about a number of entries as typed, or null when it may be ordered: the
 * entry schema's `tickets` rule (schemas/entry.ts) with its words, without zod, so a competition page
 * checks "Add to Cart" at once (tests/unit/ticket-limits.test.ts holds the two to the same answers).
 */
export function ticketsProblem(typed: string | number): string | null {
  const n = Number(typed);
  if (!Number.isFinite(n)) return "Entries must be a number";
  if (!Number.isInteger(n)) return "Entries must be a whole number";
  if (n < MIN_TICKETS) return `Choose at least ${MIN_TICKETS} entry`;
  if (n > MAX_TICKETS) return TOO_MANY_TICKETS;
  return null;
}
