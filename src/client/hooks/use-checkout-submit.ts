import { useRef } from "react";
import type { OrderResult } from "../../shared/schemas/entry";
import { useAttemptKey } from "./use-attempt-key";

/**
 * The one way both checkouts pay: never two submits at once, the same idempotency key while the
 * same details are retried (a double click buys once), and a fresh key after a definitive answer.
 */
export function useCheckoutSubmit<D extends object>(
  pay: (details: D & { idempotencyKey: string }) => Promise<OrderResult>,
  isDefinitive: (error: unknown) => boolean,
  onPaid: (result: OrderResult) => void,
) {
  const inFlight = useRef(false);
  const attempt = useAttemptKey();
  const busy = () => inFlight.current;
  const submit = async (details: D) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const result = await pay({ ...details, idempotencyKey: attempt.keyFor(JSON.stringify(details)) });
      attempt.finish();
      onPaid(result);
    } catch (error) {
      if (isDefinitive(error)) attempt.finish();
    } finally {
      inFlight.current = false;
    }
  };
  return { submit, busy };
}
