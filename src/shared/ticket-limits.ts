/** Tickets one order may have per competition (SPEC: 1–100). Here, not in the schemas, so the cart's pricing loads without zod. */
export const MIN_TICKETS = 1;
export const MAX_TICKETS = 100;
