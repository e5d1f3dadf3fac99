/** Money is integer pence everywhere except at the edge, where it becomes "12.50". */

export function penceToDecimal(pence: number): string {
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(pence));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Parses "12.5", "12.50" or "12" into pence; returns null for anything else. */
export function decimalToPence(value: string | number): number | null {
  const text = typeof value === "number" ? value.toFixed(2) : value.trim();
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const frac = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + frac;
}

export function formatPounds(pence: number): string {
  return `£${penceToDecimal(pence)}`;
}

/** Formats a decimal string such as "12.50" for display, e.g. "£12.50". */
export function formatPrice(decimal: string): string {
  const pence = decimalToPence(decimal);
  return pence === null ? `£${decimal}` : formatPounds(pence);
}
