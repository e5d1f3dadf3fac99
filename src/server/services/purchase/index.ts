/*
 * Buying tickets: hold → charge → settle (place-order.ts), each step in a file of its own, the two
 * writes through group commit. The sweep reconciles orders whose payment answer never arrived.
 */
export { createPurchaseGuard, DEFAULT_GUARD, MemoryPurchaseGuard, SharedPurchaseGuard, type PurchaseGuard, type PurchaseGuardOptions } from "./guard";
export { ticketsOfPerson } from "./hold";
export { placeOrder } from "./place-order";
export { createPurchasing, forRequest, type Purchasing } from "./purchasing";
export { handlePaymentEvent, type EventOutcome } from "./events";
export { refreshOrder } from "./refresh";
export { refundOrder } from "./refunds";
export {
  countUserOrders,
  loadAdminOrderView,
  loadOrderView,
  newestUserOrders,
  USER_ORDERS_PAGE_DEFAULT,
  USER_ORDERS_PAGE_MAX,
  USER_ORDERS_UNPAGED_CAP,
  userOrderChunks,
  userOrdersPage,
} from "./result";
export { PAYMENT_FAILED_MESSAGE, settleFromProvider } from "./settle";
export { sweepPendingOrders, type SweepDeps } from "./sweep";
export { HOLD_MS, type OrderDeps, type OrderLineRequest, type PlaceOrderArgs, type PurchaseObserver, type PurchaseOutcome } from "./types";
