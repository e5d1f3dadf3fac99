import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useImperativeHandle, useState, type Ref } from "react";
import type { PaymentCollector } from "./payment-collector";

/*
 * Stripe's Payment Element (cards, Apple Pay and Google Pay where the device offers them, Link).
 * This module, and Stripe.js with it, loads only on a checkout page of a shop whose provider is
 * Stripe: card details go from Stripe's iframe to Stripe, and the shop's server receives only the
 * ConfirmationToken id ("finalize payments on the server").
 */

let loaded: { key: string; stripe: Promise<Stripe | null> } | null = null;
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  if (loaded?.key !== publishableKey) loaded = { key: publishableKey, stripe: loadStripe(publishableKey) };
  return loaded.stripe;
}

interface Props {
  publishableKey: string;
  amountPence: number;
  ref: Ref<PaymentCollector>;
}

function Collector({ ref }: { ref: Ref<PaymentCollector> }) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  useImperativeHandle(
    ref,
    (): PaymentCollector => ({
      async token() {
        if (!stripe || !elements) throw new Error("The payment form is still loading. Please try again in a moment.");
        setError(null);
        const submitted = await elements.submit();
        if (submitted.error) {
          setError(submitted.error.message ?? "Check your payment details.");
          return null;
        }
        const created = await stripe.createConfirmationToken({ elements });
        if (created.error) {
          setError(created.error.message ?? "Your payment details could not be used.");
          return null;
        }
        return created.confirmationToken.id;
      },
      async authenticate(clientSecret: string) {
        if (!stripe) throw new Error("The payment form is not loaded.");
        const result = await stripe.handleNextAction({ clientSecret });
        if (result.error) setError(result.error.message ?? "Authentication was not completed.");
      },
    }),
    [stripe, elements],
  );
  return (
    <div className="flex flex-col gap-2">
      <PaymentElement options={{ layout: "tabs", wallets: { applePay: "auto", googlePay: "auto" } }} />
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function StripePaymentElement({ publishableKey, amountPence, ref }: Props) {
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{
        mode: "payment",
        amount: Math.max(amountPence, 30),
        currency: "gbp",
        paymentMethodCreation: "manual",
        appearance: { theme: "stripe", variables: { colorPrimary: "#3f6212", borderRadius: "8px" } },
      }}
    >
      <Collector ref={ref} />
    </Elements>
  );
}
