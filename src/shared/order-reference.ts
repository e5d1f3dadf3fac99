/**
 * An order's reference, as people see it and quote it: "2A7FA99C", the last 8 hex digits of its id in
 * capitals. Ids start with their time, so the end is what tells two orders apart. The success screens,
 * the account, receipts and mails, the back office and REST (`reference`) all show this one string.
 */
export function orderReference(orderId: string): string {
  return orderId.replace(/-/g, "").slice(-8).toUpperCase();
}

/** A reference as someone might type it ("#2a7f a99c"): 8 hex digits, or null when it is not one. */
export function parseOrderReference(text: string): string | null {
  const ref = text.replace(/[#\s]/g, "").toUpperCase();
  return /^[0-9A-F]{8}$/.test(ref) ? ref : null;
}
