import { useNavigate } from "react-router-dom";
import type { AuthResult } from "../../../shared/schemas/auth";
import { setSessionToken } from "../../lib/session-token";
import { trpc } from "../../lib/trpc";

/** What happens after a successful sign-in or sign-up: keep the token, know the user, go to the account. */
export function useSignedIn() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  return (result: AuthResult) => {
    setSessionToken(result.token);
    // Set the user first so /account does not see the old "signed out" answer while refetching.
    utils.public.auth.session.setData(undefined, result.user);
    void utils.public.auth.session.invalidate();
    navigate("/account");
  };
}
