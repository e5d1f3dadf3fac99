import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTRPC } from "../../lib/trpc";
import type { CartItem } from "../cart/cart-items";
import { luckyDip } from "../competition/lucky-dip";
import { blockQuery } from "../competition/number-pages";

/**
 * A cart line's chosen numbers made up to one per ticket with random free ones (after some were
 * lost to another buyer): the numbers the buyer kept stay theirs, the rest are a Lucky Dip. Fewer
 * than the quantity when the competition is nearly sold out.
 */
export function useFillNumbers() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    async (item: CartItem, maxTickets: number): Promise<string[]> => {
      const have = item.numbers ?? [];
      const found = await luckyDip({
        need: item.quantity - have.length,
        maxTickets,
        exclude: new Set(have.map(Number)),
        loadBlock: (block) =>
          queryClient.fetchQuery(trpc.public.competitions.numbers.queryOptions(blockQuery(item.competitionId, block, maxTickets), { staleTime: 1000 })),
      });
      return [...have, ...found.map(String)];
    },
    [queryClient, trpc],
  );
}
