import type { OrderResult } from "../../../shared/schemas/entry";
import { ORDER_STATUS_LABELS } from "../../lib/order-status";
import { authHref } from "../../lib/safe-next";
import { Button, ButtonLink } from "../ui/button";
import { ClockIcon, LockIcon, ShieldIcon, SproutIcon } from "../ui/icons";
import { Spinner } from "../ui/spinner";
import { CompletePanel } from "./complete-panel";
import { ContinueAuthentication } from "./continue-authentication";

const ORDERS_TAB = "/account?tab=orders";

/** While the order is still waiting: the page keeps asking; a buyer back too early can return to their bank. */
export function ProcessingPayment({ order, onAuthenticated }: { order?: OrderResult; onAuthenticated: () => void }) {
  const action = order?.status === "requires_action" ? order.nextAction : null;
  return (
    <CompletePanel title="Processing your payment…" documentTitle="Processing your payment" tone="waiting" icon={<Spinner size="lg" />}>
      <p role="status">We're confirming your payment with your bank. Please keep this page open: it only takes a moment.</p>
      {action ? (
        <div className="mt-4 flex flex-col items-center gap-3 rounded-xl bg-cream-100 p-4">
          <p className="text-sm">Didn't finish confirming the payment with your bank?</p>
          <ContinueAuthentication action={action} variant="secondary" amount={order} onDone={onAuthenticated} />
        </div>
      ) : null}
    </CompletePanel>
  );
}

/** Two minutes on, still waiting: for the bank's challenge (with the way back to it) or for the provider. */
export function StillWaiting({ order, onAuthenticated }: { order: OrderResult; onAuthenticated: () => void }) {
  const action = order.status === "requires_action" ? order.nextAction : null;
  if (order.status === "requires_action") {
    return (
      <CompletePanel
        title="Your bank is waiting for you"
        tone="waiting"
        icon={<ShieldIcon className="size-9" />}
        actions={
          <>
            {action ? <ContinueAuthentication action={action} amount={order} onDone={onAuthenticated} /> : null}
            <ButtonLink to={ORDERS_TAB} variant="secondary">
              View My Orders
            </ButtonLink>
          </>
        }
      >
        <p>Your payment of £{order.amount} still needs you to confirm it with your bank. Your tickets are held for a few minutes while you do.</p>
      </CompletePanel>
    );
  }
  return (
    <CompletePanel
      title="Your payment is still processing"
      tone="waiting"
      icon={<ClockIcon className="size-9" />}
      actions={<ButtonLink to={ORDERS_TAB}>View My Orders</ButtonLink>}
    >
      <p>We will email your ticket numbers as soon as it is confirmed, and they will appear under My Entries. Please do not pay again.</p>
    </CompletePanel>
  );
}

/** A paid order since refunded or disputed (a later visit to this page): the receipt says the rest. */
export function OrderSettledEarlier({ order }: { order: OrderResult }) {
  return (
    <CompletePanel title="Order already completed" icon={<ClockIcon className="size-9" />} actions={<ButtonLink to={ORDERS_TAB}>View My Orders</ButtonLink>}>
      <p>
        This order was paid earlier and is now <strong>{ORDER_STATUS_LABELS[order.status].toLowerCase()}</strong>. Its receipt is under Orders in your account.
      </p>
    </CompletePanel>
  );
}

export function OrderNotFound() {
  return (
    <CompletePanel
      title="Order Not Found"
      icon={<SproutIcon className="size-8" />}
      actions={
        <>
          <ButtonLink to={ORDERS_TAB}>View My Orders</ButtonLink>
          <ButtonLink to="/competitions" variant="secondary">
            Browse Competitions
          </ButtonLink>
        </>
      }
    >
      <p>We couldn't find this order in your account. If you were signed in with another account when you paid, sign in with that one.</p>
    </CompletePanel>
  );
}

/** The order is the buyer's: they sign in and come straight back here. */
export function SignInToSeeOrder({ next }: { next: string }) {
  return (
    <CompletePanel
      title="Sign in to see your order"
      icon={<LockIcon className="size-9" />}
      actions={
        <>
          <ButtonLink to={authHref("login", next)}>Sign In</ButtonLink>
          <ButtonLink to={authHref("register", next)} variant="secondary">
            Create Account
          </ButtonLink>
        </>
      }
    >
      <p>Your payment is being confirmed. Sign in with the account you paid with to see its outcome and your ticket numbers.</p>
    </CompletePanel>
  );
}

export function OrderLoadFailed({ retry }: { retry: () => void }) {
  return (
    <CompletePanel
      title="We couldn't check your order"
      tone="danger"
      icon={<ClockIcon className="size-9" />}
      actions={
        <>
          <Button onClick={retry}>Try Again</Button>
          <ButtonLink to={ORDERS_TAB} variant="secondary">
            View My Orders
          </ButtonLink>
        </>
      }
    >
      <p>Please check your connection and try again. If you paid, your tickets are safe and will appear under My Entries.</p>
    </CompletePanel>
  );
}
