import type { OrderResult } from "../../../shared/schemas/entry";
import { useCart } from "../../hooks/use-cart";
import { readPendingEntry } from "../../lib/pending-entry";
import { ButtonLink } from "../ui/button";
import { CloseIcon } from "../ui/icons";
import { CompletePanel } from "./complete-panel";

/** Which way back: the saved entry's checkout, else the cart, else the competition. */
function waysBack(order: OrderResult, cartHasItems: boolean) {
  const only = order.lines.length === 1 ? order.lines[0] : undefined;
  const pending = readPendingEntry();
  const entrySaved = only !== undefined && pending.kind === "ok" && pending.entry.competitionId === only.competitionId;
  return { only, entrySaved, cart: cartHasItems && !entrySaved };
}

/** The bank (or the card) said no: nothing was taken, and the held numbers went back on sale. */
export function PaymentNotCompleted({ order }: { order: OrderResult }) {
  const { items } = useCart();
  const { only, entrySaved, cart } = waysBack(order, items.length > 0);
  return (
    <CompletePanel
      title="Payment Not Completed"
      documentTitle="Payment Failed"
      tone="danger"
      icon={<CloseIcon className="size-9" />}
      actions={
        <>
          {entrySaved ? <ButtonLink to="/checkout/direct">Try Again</ButtonLink> : null}
          {cart ? <ButtonLink to="/checkout">Back to Cart</ButtonLink> : null}
          {only ? (
            <ButtonLink to={`/competition/${only.competitionId}`} variant={entrySaved || cart ? "secondary" : "primary"}>
              Back to Competition
            </ButtonLink>
          ) : (
            <ButtonLink to="/competitions" variant={cart ? "secondary" : "primary"}>
              Browse Competitions
            </ButtonLink>
          )}
        </>
      }
    >
      <p>Your payment of £{order.amount} was not completed, so you have not been charged.</p>
      {order.failureMessage ? (
        <p role="alert" className="font-semibold">
          {order.failureMessage}
        </p>
      ) : null}
      <p>The tickets we were holding for {only ? only.competitionTitle : "your order"} have been released. You can try again with the same or another card.</p>
    </CompletePanel>
  );
}
