import { useEffect } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import {
  OrderNotFound,
  OrderLoadFailed,
  OrderSettledEarlier,
  ProcessingPayment,
  SignInToSeeOrder,
  StillWaiting,
} from "../../components/checkout/complete-states";
import { OrderConfirmation } from "../../components/checkout/order-confirmation";
import { PaymentNotCompleted } from "../../components/checkout/payment-not-completed";
import { PaymentSuccess } from "../../components/checkout/payment-success";
import { isFinalOrderError, useSettledOrder } from "../../components/checkout/use-settled-order";
import { useSettlementEffects } from "../../components/checkout/use-settlement-effects";
import { useAuth } from "../../hooks/use-auth";
import { appErrorCode } from "../../lib/trpc-errors";

const REDIRECT_AFTER_SUCCESS_MS = 3000;

/**
 * /checkout/complete?order={id}: where the buyer lands after their bank's 3-D Secure page. The
 * server decides the outcome from the payment provider's record (anything else in the address,
 * such as Stripe's payment_intent or redirect_status, is ignored); this page asks until it knows.
 */
export function CheckoutCompletePage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const orderId = params.get("order")?.trim() ?? "";
  const auth = useAuth();
  const { query, gaveUp, timedOut, restart } = useSettledOrder(orderId, auth.user !== null);
  const order = query.data;
  useSettlementEffects(order);

  // A one-line order shows the direct checkout's success screen, which moves on to the account.
  // A buyer who won instantly stays to see it.
  const paidSingle = order?.status === "paid" && order.lines.length <= 1 && order.instantWins.length === 0;
  useEffect(() => {
    if (!paidSingle) return;
    const timer = window.setTimeout(() => navigate("/account"), REDIRECT_AFTER_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [paidSingle, navigate]);

  if (!orderId) return <OrderNotFound />;
  if (auth.isLoading) return <ProcessingPayment onAuthenticated={restart} />;
  const here = `${location.pathname}?order=${encodeURIComponent(orderId)}`;
  if (!auth.user || appErrorCode(query.error) === "SIGN_IN_REQUIRED") return <SignInToSeeOrder next={here} />;
  if (!order) {
    if (isFinalOrderError(query.error)) return <OrderNotFound />;
    if (query.error && timedOut) return <OrderLoadFailed retry={restart} />;
    return <ProcessingPayment onAuthenticated={restart} />;
  }

  switch (order.status) {
    case "paid":
      return order.lines.length > 1 ? <OrderConfirmation result={order} /> : <PaymentSuccess result={order} />;
    case "failed":
      return <PaymentNotCompleted order={order} />;
    case "pending":
    case "requires_action":
      return gaveUp ? <StillWaiting order={order} onAuthenticated={restart} /> : <ProcessingPayment order={order} onAuthenticated={restart} />;
    default:
      return <OrderSettledEarlier order={order} />;
  }
}
