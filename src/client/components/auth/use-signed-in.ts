import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router-dom";
import { isAdmin } from "../../../shared/roles";
import type { AuthResult } from "../../../shared/schemas/auth";
import { safeNextPath } from "../../lib/safe-next";
import { setSessionToken } from "../../lib/session-token";
import { useTRPC } from "../../lib/trpc";

/** The page to return to after signing in (?next=, on this site only), or null for the account page. */
export function useNextPath(): string | null {
  const [params] = useSearchParams();
  return safeNextPath(params.get("next"));
}

/**
 * Signing in, wherever it happens (the /auth page, a reset link, the checkout's panel): keep the
 * token and know the user, and drop anything cached for whoever was signed in before.
 */
export function useKeepSession() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (result: AuthResult) => {
    setSessionToken(result.token);
    // Set the user first so the page does not see the old "signed out" answer while the sign-in's
    // declared refresh (REFRESH.signedIn: the session and every customer read) refetches.
    queryClient.setQueryData(trpc.public.auth.session.queryKey(), result.user);
  };
}

/** Where a sign-in without a page to return to lands: the admin for staff, the account for customers. */
export function homeFor(user: AuthResult["user"]): string {
  return isAdmin(user) ? "/admin" : "/account";
}

/** What happens after a successful sign-in or sign-up on /auth: keep the session, then go back, or to the admin or the account. */
export function useSignedIn() {
  const keepSession = useKeepSession();
  const navigate = useNavigate();
  const next = useNextPath();
  return (result: AuthResult) => {
    keepSession(result);
    navigate(next ?? homeFor(result.user), { replace: next !== null });
  };
}
