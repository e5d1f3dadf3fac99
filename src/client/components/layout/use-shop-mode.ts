import { trpc } from "../../lib/trpc";

/**
 * Whether this shop is a demo (payments simulated, no real money taken), as the server says:
 * `true`, `false`, or `null` while it is not known yet (or could not be asked).
 */
export function useShopMode(): boolean | null {
  const mode = trpc.public.content.shopMode.useQuery();
  return mode.data?.demo ?? null;
}
