export function fillPaidOrders(
  db: unknown,
  opts: { userId: string; email: string; name?: string; competitionId: string; orders: number; firstNumber?: number; pricePence?: number },
): number;
