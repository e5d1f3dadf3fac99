import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { OrderResult } from "../../shared/schemas/entry";
import { toast } from "../lib/toast";
import { useTRPC } from "../lib/trpc";
import { useAttemptKey } from "./use-attempt-key";

const PROCESSING_POLL_MS = 2000;
const PROCESSING_POLLS = 60;

type PayInput = { paymentToken?: string; idempotencyKey?: string };

/**
 * The one way both checkouts pay: never two submits at once (the payment form's token is made
 * inside the same guard, so a double click tokenises and buys once), the same idempotency key
 * while the same order details are retried, and a fresh key after a definitive answer. An order
 * the server answers as still processing is looked at again until it is paid or failed: its numbers
 * are not the buyer's until then, so it is never shown as a success. An order whose bank wants the
 * buyer to authenticate goes through `authenticate` (3-D Secure), which ends at /checkout/complete.
 */
export function useCheckoutSubmit<I extends PayInput>(
  pay: (input: I) => Promise<OrderResult>,
  isDefinitive: (error: unknown) => boolean,
  onPaid: (result: OrderResult) => void,
  authenticate: (result: OrderResult) => Promise<void>,
) {
  const trpc = useTRPC();
  const inFlight = useRef(false);
  const attempt = useAttemptKey();
  const queryClient = useQueryClient();
  const [processing, setProcessing] = useState<"no" | "waiting" | "slow" | "authenticating">("no");
  const busy = () => inFlight.current;

  const waitForOrder = async (orderId: string): Promise<OrderResult | null> => {
    setProcessing("waiting");
    for (let i = 0; i < PROCESSING_POLLS; i++) {
      await new Promise((r) => setTimeout(r, PROCESSING_POLL_MS));
      const order = await queryClient.fetchQuery(trpc.customer.orders.get.queryOptions({ id: orderId }, { staleTime: 0 })).catch(() => null);
      if (order && order.status !== "pending") {
        setProcessing("no");
        return order;
      }
    }
    setProcessing("slow");
    return null;
  };

  /**
   * `details` are the order; `paymentToken` asks the payment form for its token (null: the form shows
   * what to fix), or is null itself when no card is needed (site credit pays the whole order).
   */
  const submit = async (details: Omit<I, keyof PayInput>, paymentToken: (() => Promise<string | null>) | null) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const token = paymentToken ? await paymentToken() : null;
      if (paymentToken && !token) return;
      // The key follows the order, not the token: a retry after a lost answer, even with a new token, must not buy twice.
      const key = attempt.keyFor(JSON.stringify(details));
      let result: OrderResult | null = await pay({ ...details, ...(token ? { paymentToken: token } : {}), idempotencyKey: key } as I);
      attempt.finish();
      if (result.status === "pending") result = await waitForOrder(result.id);
      if (result?.status === "requires_action") {
        setProcessing("authenticating");
        await authenticate(result);
        return;
      }
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
