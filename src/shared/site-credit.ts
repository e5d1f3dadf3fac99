/**
 * How much of an order site credit pays (zod-free: the checkout's first load imports it).
 *
 * Credit pays first, up to the order's total. A card is never asked for less than
 * MIN_CARD_CHARGE_PENCE (card schemes and Stripe refuse smaller charges in pounds): when the credit
 * would leave less than that, it pays a little less so that the card's part is the minimum. An order
 * whose whole total is below the minimum is paid by credit alone, or by card alone.
 */
export const MIN_CARD_CHARGE_PENCE = 30;

export function creditToUse(balancePence: number, totalPence: number): number {
  const credit = Math.max(0, Math.min(balancePence, totalPence));
  const card = totalPence - credit;
  if (card === 0 || card >= MIN_CARD_CHARGE_PENCE) return credit;
  return Math.max(0, totalPence - MIN_CARD_CHARGE_PENCE);
}
