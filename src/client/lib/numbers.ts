/**
 * "12,345" (British grouping) for counts of tickets and entries. Plain string work instead of
 * Intl.NumberFormat: building an Intl formatter costs a slow phone tens of milliseconds on the
 * first page load, and whole numbers need nothing more.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const sign = n < 0 ? "-" : "";
  const digits = String(Math.trunc(Math.abs(n)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
