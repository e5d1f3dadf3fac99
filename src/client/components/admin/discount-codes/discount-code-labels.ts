import { formatPrice } from "../../../../shared/money";
import type { DiscountCodeView } from "../../../../shared/schemas/discounts";

type Code = Pick<DiscountCodeView, "kind" | "percent" | "amount" | "used" | "maxUses" | "maxUsesPerCustomer" | "minSpend">;

/** "10% off" or "£5.00 off". */
export function discountLabel(c: Code): string {
  return c.kind === "percent" ? `${c.percent ?? 0}% off` : `${formatPrice(c.amount ?? "0")} off`;
}

/** "3 of 10 used", or "3 used" when there is no limit. */
export function usesLabel(c: Code): string {
  return c.maxUses === null ? `${c.used} used` : `${c.used} of ${c.maxUses} used`;
}

export function perCustomerLabel(c: Code): string {
  if (c.maxUsesPerCustomer === null) return "No limit";
  return c.maxUsesPerCustomer === 1 ? "Once each" : `${c.maxUsesPerCustomer} each`;
}

export function minSpendLabel(c: Code): string {
  return c.minSpend === null ? "None" : formatPrice(c.minSpend);
}
