import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";

/**
 * Whether this shop is a demo (payments simulated, no real money taken), as the server says:
 * `true`, `false`, or `null` while it is not known yet (or could not be asked).
 */
export function useShopMode(): boolean | null {
  const trpc = useTRPC();
  const mode = useQuery(trpc.public.content.shopMode.queryOptions());
  return mode.data?.demo ?? null;
}
