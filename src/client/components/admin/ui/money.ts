import { decimalToPence, formatPoundsGrouped } from "../../../../shared/money";

/** "£192,231.78": pounds with thousands separators for the big figures on tiles. */
export function poundsFromPence(pence: number): string {
  return formatPoundsGrouped(pence);
}

export function poundsFromDecimal(decimal: string): string {
  const pence = decimalToPence(decimal);
  return pence === null ? `£${decimal}` : poundsFromPence(pence);
}
