import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { isAdmin as hasAdminRole } from "../../shared/roles";
import type { AuthUser } from "../../shared/schemas/auth";
import { clearSessionTokens, getSessionToken } from "../lib/session-token";
import { useTRPC } from "../lib/trpc";

const CURRENT_USER_CACHE_MS = 5 * 60 * 1000;

export interface AuthState {
  user: AuthUser | null;
  /** True only until the first answer about who is signed in arrives. */
  isLoading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  refetch: () => void;
}

/** The signed-in user, or null: the session read answers null for a visitor instead of a 401. */
export function useAuth(): AuthState {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.public.auth.session.queryOptions(undefined, {
      staleTime: CURRENT_USER_CACHE_MS,
      retry: false,
    }),
  );
  const signedOut = query.isSuccess && query.data === null;
  useEffect(() => {
    // The stored token no longer names a session; forget it so it is not sent again.
    if (signedOut && getSessionToken()) clearSessionTokens();
  }, [signedOut]);
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isPending,
    isAuthenticated: user !== null,
    isAdmin: hasAdminRole(user),
    refetch: () => void query.refetch(),
  };
}
