import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { competitionPhase } from "../../../shared/competition-phase";
import type { PublicCompetition } from "../../../shared/schemas/competition";
import { useCart } from "../../hooks/use-cart";
import { useTRPC } from "../../lib/trpc";

/**
 * The live competitions behind the cart's lines, and which lines can no longer be bought. The lines
 * take the competitions' prices and multibuy prices as they are now, so the summary shows what the
 * server will charge.
 */
export function useCartCompetitions() {
  const trpc = useTRPC();
  const { items, syncPrices } = useCart();
  const query = useQuery(trpc.public.competitions.list.queryOptions());

  const byId = useMemo(() => new Map((query.data ?? []).map((c): [string, PublicCompetition] => [c.id, c])), [query.data]);
  useEffect(() => {
    if (query.data) syncPrices(byId);
  }, [query.data, byId, syncPrices]);

  const unavailable = useMemo(() => {
    const out = new Map<string, string>();
    if (!query.data) return out;
    const now = new Date();
    for (const item of items) {
      const c = byId.get(item.competitionId);
      if (!c) out.set(item.competitionId, `"${item.title}" is no longer available. Please remove it from your cart.`);
      else if (c.soldOut) out.set(item.competitionId, `"${c.title}" has sold out. Please remove it from your cart.`);
      else if (competitionPhase(c, now) !== "Active" || Date.parse(c.endDate) <= now.getTime()) {
        out.set(item.competitionId, `"${c.title}" is no longer open for entries. Please remove it from your cart.`);
      }
    }
    return out;
  }, [items, byId, query.data]);

  return { byId, unavailable, isPending: query.isPending, error: query.error, refetch: () => void query.refetch() };
}
