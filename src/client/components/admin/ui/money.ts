import { decimalToPence } from "../../../../shared/money";

/** "£192,231.78": pounds with thousands separators for the big figures on tiles. */
export function poundsFromPence(pence: number): string {
  return `£${(pence / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function poundsFromDecimal(decimal: string): string {
  const pence = decimalToPence(decimal);
  return pence === null ? `£${decimal}` : poundsFromPence(pence);
}
