import { Link } from "react-router-dom";
import { useState } from "react";
import type { OrderResult } from "../../../shared/schemas/entry";
import { CartCheckoutForm } from "../../components/checkout/cart-checkout-form";
import { CartOrderSummary } from "../../components/checkout/cart-order-summary";
import { OrderConfirmation } from "../../components/checkout/order-confirmation";
import { orderPlacedToast, usePaidOrderRefresh } from "../../components/checkout/paid-order";
import { PaymentGate } from "../../components/checkout/payment-gate";
import { PlayResponsibly } from "../../components/checkout/play-responsibly";
import { useCartCompetitions } from "../../components/checkout/use-cart-competitions";
import { useDiscountCode } from "../../components/checkout/use-discount-code";
import { useRememberCheckout } from "../../components/checkout/use-remember-checkout";
import { Button, ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { CartIcon } from "../../components/ui/icons";
import { Container, PageHeader } from "../../components/ui/page-header";
import { useCart } from "../../hooks/use-cart";

function EmptyCart() {
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-3 py-12 text-center">
      <CartIcon className="size-12 text-stone-400" />
      <h2 className="text-2xl font-bold">Your cart is empty</h2>
      <p className="text-stone-700">Add some competitions to get started!</p>
      <ButtonLink to="/competitions" className="mt-2">
        Browse Competitions
      </ButtonLink>
    </Card>
  );
}

/** /checkout (SPEC §2): pay for everything in the cart in one order. */
export function CheckoutPage() {
  const { items, clear } = useCart();
  const refreshAfterPaid = usePaidOrderRefresh();
  const competitions = useCartCompetitions();
  const [result, setResult] = useState<OrderResult | null>(null);
  // Once the order is placed and its card form shown, the cart is that order: its lines cannot change.
  const [paying, setPaying] = useState(false);
  // A signed-in customer's checkout is remembered for the operator's unfinished-checkout reminder.
  useRememberCheckout(items);
  // A discount code, priced by the server for the cart's lines: the summary shows it, the order sends it.
  const discount = useDiscountCode(items);

  const onPaid = (order: OrderResult) => {
    orderPlacedToast(order);
    clear();
    refreshAfterPaid();
    setResult(order);
    window.scrollTo({ top: 0 });
  };

  if (result) return <OrderConfirmation result={result} />;

  return (
    <Container className="py-8 sm:py-12">
      <title>Checkout | Harvest Draws</title>
      <PageHeader title="Checkout" lead={items.length > 0 ? "Answer each question, then pay for your whole cart in one go." : undefined} />
      {items.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[1fr_24rem]">
          <div className="flex flex-col gap-3 lg:sticky lg:top-28 lg:order-last">
            <fieldset disabled={paying} className="contents">
              <CartOrderSummary
                unavailable={competitions.unavailable}
                discount={discount.applied ? { code: discount.applied.code, pence: discount.discountPence } : null}
              />
            </fieldset>
            <Link to="/competitions" className="self-start rounded-md px-1 text-sm font-semibold text-field-700 hover:text-field-900">
              Continue shopping
            </Link>
            <PlayResponsibly />
          </div>
          <div className="flex min-w-0 flex-col gap-4">
            <PaymentGate saved="Your cart is saved on this device.">
              {competitions.error ? (
                <Card role="alert" className="flex flex-col items-start gap-3 border-danger-200 bg-danger-50">
                  <p className="text-danger-800">We couldn't load the competitions in your cart. Please try again.</p>
                  <Button variant="secondary" size="sm" onClick={competitions.refetch}>
                    Try Again
                  </Button>
                </Card>
              ) : null}
              <CartCheckoutForm
                competitions={competitions.byId}
                ready={!competitions.isPending && !competitions.error}
                onPaid={onPaid}
                onPaying={setPaying}
                discount={discount}
              />
            </PaymentGate>
          </div>
        </div>
      )}
    </Container>
  );
}
