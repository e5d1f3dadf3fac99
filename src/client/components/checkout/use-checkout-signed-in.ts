import type { AuthResult } from "../../../shared/schemas/auth";
import { setSessionToken } from "../../lib/session-token";
import { trpc } from "../../lib/trpc";

/**
 * What signing in from the checkout does: keep the token and know the user exactly as the /auth
 * page does (components/auth/use-signed-in.ts), but stay on this page, so the cart or the saved
 * entry and everything typed are still here and the payment form appears in place of the panel.
 */
export function useCheckoutSignedIn() {
  const utils = trpc.useUtils();
  return (result: AuthResult) => {
    setSessionToken(result.token);
    // Set the user first so the checkout does not see the old "signed out" answer while refetching.
    utils.public.auth.session.setData(undefined, result.user);
    void utils.public.auth.session.invalidate();
    // Anything cached for whoever was signed in before belongs to them, not to this customer.
    void utils.customer.invalidate();
  };
}
