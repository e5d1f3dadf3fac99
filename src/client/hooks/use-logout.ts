import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { stashFlashToast } from "../lib/flash-toast";
import { clearSessionTokens, getSessionToken } from "../lib/session-token";

/**
 * Signs out: ends the server session (token sent as x-session-token and as a bearer token, plus the
 * cookie), then clears stored tokens and cached data and reloads the home page. A failed call still
 * signs the browser out.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [isLoggingOut, setLoggingOut] = useState(false);

  const logout = useCallback(async () => {
    setLoggingOut(true);
    const token = getSessionToken();
    try {
      await fetch("/api/auth/logout", {
        method: "POST",
        credentials: "include",
        headers: token ? { "x-session-token": token, Authorization: `Bearer ${token}` } : {},
      });
    } catch {
      // Nothing to do: the browser forgets the session either way.
    }
    clearSessionTokens();
    queryClient.clear();
    stashFlashToast({ title: "Logged Out", description: "You have been signed out. See you again soon!" });
    window.location.href = "/";
  }, [queryClient]);

  return { logout, isLoggingOut };
}
