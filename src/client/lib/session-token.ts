/** Where the session token lives in the browser (SPEC §4 Session). */
const TOKEN_KEY = "auth_token";
/** An older spelling that is also cleared on logout. */
const LEGACY_TOKEN_KEY = "auth-token";

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    // Storage can be unavailable (private mode, blocked cookies); behave as signed out.
    return fallback;
  }
}

export function getSessionToken(): string | null {
  return safely(() => localStorage.getItem(TOKEN_KEY), null);
}

export function setSessionToken(token: string): void {
  safely(() => localStorage.setItem(TOKEN_KEY, token), undefined);
}

export function clearSessionTokens(): void {
  safely(() => {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(LEGACY_TOKEN_KEY);
    sessionStorage.removeItem(LEGACY_TOKEN_KEY);
  }, undefined);
}

/** Headers that authenticate a request when a token is held. */
export function sessionHeaders(): Record<string, string> {
  const token = getSessionToken();
  return token ? { "x-session-token": token } : {};
}
