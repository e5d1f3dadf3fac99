import { useNavigate, useSearchParams } from "react-router-dom";
import type { AuthResult } from "../../../shared/schemas/auth";
import { safeNextPath } from "../../lib/safe-next";
import { setSessionToken } from "../../lib/session-token";
import { trpc } from "../../lib/trpc";

/** The page to return to after signing in (?next=, on this site only), or null for the account page. */
export function useNextPath(): string | null {
  const [params] = useSearchParams();
  return safeNextPath(params.get("next"));
}

/** What happens after a successful sign-in or sign-up: keep the token, know the user, go back or to the account. */
export function useSignedIn() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const next = useNextPath();
  return (result: AuthResult) => {
    setSessionToken(result.token);
    // Set the user first so the next page does not see the old "signed out" answer while refetching.
    utils.public.auth.session.setData(undefined, result.user);
    void utils.public.auth.session.invalidate();
    // Anything cached for whoever was signed in before belongs to them, not to this customer.
    void utils.customer.invalidate();
    navigate(next ?? "/account", { replace: next !== null });
  };
}
