import { useCallback, useRef } from "react";

/**
 * The idempotency key of a checkout attempt. A double-click or a retry after a lost connection sends
 * the same details and so the same key (the server charges once); changed details, or a retry after
 * the server has answered, make a new attempt with a new key.
 */
export function useAttemptKey() {
  const current = useRef<{ key: string; fingerprint: string } | null>(null);

  const keyFor = useCallback((fingerprint: string) => {
    if (!current.current || current.current.fingerprint !== fingerprint) {
      current.current = { key: crypto.randomUUID(), fingerprint };
    }
    return current.current.key;
  }, []);

  const finish = useCallback(() => {
    current.current = null;
  }, []);

  return { keyFor, finish };
}
