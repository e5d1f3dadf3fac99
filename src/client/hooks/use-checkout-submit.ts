import { useRef, useState } from "react";
import type { OrderResult } from "../../shared/schemas/entry";
import { toast } from "../lib/toast";
import { trpc } from "../lib/trpc";
import { useAttemptKey } from "./use-attempt-key";

const PROCESSING_POLL_MS = 2000;
const PROCESSING_POLLS = 60;

/**
 * The one way both checkouts pay: never two submits at once, the same idempotency key while the
 * same details are retried (a double click buys once), and a fresh key after a definitive answer.
 * An order the server answers as still processing is looked at again until it is paid or failed:
 * its numbers are not the buyer's until then, so it is never shown as a success.
 */
export function useCheckoutSubmit<D extends object>(
  pay: (details: D & { idempotencyKey: string }) => Promise<OrderResult>,
  isDefinitive: (error: unknown) => boolean,
  onPaid: (result: OrderResult) => void,
) {
  const inFlight = useRef(false);
  const attempt = useAttemptKey();
  const utils = trpc.useUtils();
  const [processing, setProcessing] = useState<"no" | "waiting" | "slow">("no");
  const busy = () => inFlight.current;

  const waitForOrder = async (orderId: string): Promise<OrderResult | null> => {
    setProcessing("waiting");
    for (let i = 0; i < PROCESSING_POLLS; i++) {
      await new Promise((r) => setTimeout(r, PROCESSING_POLL_MS));
      const order = await utils.customer.orders.get.fetch({ id: orderId }, { staleTime: 0 }).catch(() => null);
      if (order && order.status !== "pending") {
        setProcessing("no");
        return order;
      }
    }
    setProcessing("slow");
    return null;
  };

  const submit = async (details: D) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      let result: OrderResult | null = await pay({ ...details, idempotencyKey: attempt.keyFor(JSON.stringify(details)) });
      attempt.finish();
      if (result.status === "pending") result = await waitForOrder(result.orderId);
      if (result?.status === "paid") onPaid(result);
      else if (result?.status === "failed") toast.error("Payment Failed", "Your payment could not be processed. Please try again.");
    } catch (error) {
      if (isDefinitive(error)) attempt.finish();
    } finally {
      inFlight.current = false;
    }
  };
  return { submit, busy, processing };
}
