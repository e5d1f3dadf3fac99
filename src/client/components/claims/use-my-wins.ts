import { useQuery } from "@tanstack/react-query";
import type { CustomerClaim } from "../../../shared/schemas/claims";
import type { CustomerWin as WinRead } from "../../../shared/schemas/entry";
import { useTRPC } from "../../lib/trpc";

/** A win as GET /user/wins reads it: a main draw's or an instant prize (with what was won). */
export type CustomerWin = Pick<WinRead, "id" | "competitionTitle" | "winDate"> & Partial<Omit<WinRead, "id" | "competitionTitle" | "winDate">>;

export type MyWin = { kind: "claim"; claim: CustomerClaim; date: string } | { kind: "win"; win: CustomerWin; date: string };

interface Loaded<T> {
  data: T[] | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => void;
}

/**
 * Every win once: each claim, and the wins without one (instant site credit, wins from before claims
 * existed, a winner named by hand without an entry's claim). A win with a claim is shown as that
 * claim. A void claim (its winning entry was refunded or disputed) is no win.
 */
export function mergeWins(allClaims: CustomerClaim[], wins: CustomerWin[]): MyWin[] {
  const claims = allClaims.filter((c) => c.status !== "void");
  const claimed = new Set(allClaims.map((c) => c.winnerId));
  const unclaimed = wins.filter((w) => !claimed.has(w.id));
  const items: MyWin[] = [
    ...claims.map((claim) => ({ kind: "claim" as const, claim, date: claim.notifiedAt })),
    ...unclaimed.map((win) => ({ kind: "win" as const, win, date: win.winDate })),
  ];
  return items.sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}

/** The winner's claims (GET /user/claims) with their wins (GET /user/wins), as one list for My Wins and the Wins tile. */
export function useMyWins(wins: Loaded<CustomerWin>): Loaded<MyWin> {
  const trpc = useTRPC();
  const claims = useQuery(trpc.customer.claims.list.queryOptions());
  const data = claims.data && wins.data ? mergeWins(claims.data, wins.data) : undefined;
  return {
    data,
    isPending: claims.isPending || wins.isPending,
    error: claims.error ?? wins.error,
    refetch: () => {
      if (claims.error) void claims.refetch();
      if (wins.error) wins.refetch();
    },
  };
}
