import { useMutation, useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useRef, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router-dom";
import { z } from "zod";
import type { OrderResult } from "../../../shared/schemas/entry";
import { nestedFieldErrors } from "../../lib/checkout-errors";
import { revealAndFocus } from "../../lib/form-errors";
import { useTRPC } from "../../lib/trpc";
import { LoadingState } from "../ui/spinner";
import { CardFields, type CardField, type FieldBinding } from "./card-fields";
import type { PaymentCollector } from "./payment-collector";

// Stripe.js and the Payment Element load only here, and only in a shop whose provider is Stripe.
const StripePaymentElement = lazy(async () => ({ default: (await import("./stripe-payment-element")).StripePaymentElement }));

/** The simulated card form's own check, before its details go to the tokenisation endpoint. */
const simulatedCard = z.object({
  nameOnCard: z.string().trim().min(1, "Name on card is required"),
  cardNumber: z.string().trim().min(1, "Card number is required"),
  expiryDate: z.string().trim().min(1, "Expiry date is required"),
  cvv: z.string().trim().min(1, "CVV is required"),
});

type CardValues = Record<CardField, string>;

interface Options {
  field: (name: CardField) => FieldBinding;
  values: CardValues;
  /** Shows field errors of the card form. */
  showErrors: (errors: Partial<Record<CardField, string>>) => void;
  amountPence: number;
}

export interface PaymentMethod {
  /** The payment form: Stripe's Payment Element, or the simulated provider's card fields. */
  fields: ReactNode;
  /** Whether the form is known and loaded enough to pay. */
  ready: boolean;
  /** Card-form errors found without asking anyone (simulated provider), for the form's own check. */
  check(): Partial<Record<CardField, string>>;
  /** The token to pay with (never the card), or null when the form shows what to fix. */
  token(): Promise<string | null>;
  /** Takes the buyer through their bank's authentication, then to /checkout/complete. */
  authenticate(order: OrderResult): Promise<void>;
}

function fieldErrorsOf(error: unknown): Partial<Record<CardField, string>> {
  const details = (error as { data?: { details?: { fieldErrors?: Record<string, string[]> } } })?.data?.details?.fieldErrors ?? {};
  return Object.fromEntries(Object.entries(details).map(([k, v]) => [k, v[0]])) as Partial<Record<CardField, string>>;
}

/**
 * Whichever provider the shop uses, the checkout forms ask it the same things: the token that pays,
 * and the authentication a bank may want (3-D Secure). The card never reaches an order.
 */
export function usePaymentMethod({ field, values, showErrors, amountPence }: Options): PaymentMethod {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const config = useQuery(trpc.public.payments.config.queryOptions(undefined, { staleTime: Infinity }));
  const tokenise = useMutation(trpc.public.payments.simulatedToken.mutationOptions());
  const stripe = useRef<PaymentCollector>(null);
  const cardForm = useRef<HTMLDivElement>(null);
  const provider = config.data?.provider;
  const stripeKey = config.data?.publishableKey ?? null;

  const fields =
    provider === "stripe" && stripeKey ? (
      <Suspense fallback={<LoadingState />}>
        <StripePaymentElement publishableKey={stripeKey} amountPence={amountPence} ref={stripe} />
      </Suspense>
    ) : provider === "simulated" ? (
      <div ref={cardForm}>
        <CardFields field={field} />
      </div>
    ) : (
      <LoadingState />
    );

  const check = () => {
    if (provider !== "simulated") return {};
    const parsed = simulatedCard.safeParse(values);
    return parsed.success ? {} : (nestedFieldErrors(parsed.error) as Partial<Record<CardField, string>>);
  };

  return {
    fields,
    ready: provider === "simulated" || (provider === "stripe" && !!stripeKey),
    check,
    async token() {
      if (provider === "stripe") return (await stripe.current?.token()) ?? null;
      try {
        const answer = await tokenise.mutateAsync({
          cardNumber: values.cardNumber,
          expiryDate: values.expiryDate,
          cvv: values.cvv,
          nameOnCard: values.nameOnCard,
        });
        return answer.token;
      } catch (error) {
        const errors = fieldErrorsOf(error);
        // Shown at once, then the field the card form refused is brought into view and focused: the
        // buyer pressed a button below it, and on a phone its message would otherwise be off-screen.
        flushSync(() => showErrors(Object.keys(errors).length ? errors : { cardNumber: "Your card could not be checked. Please try again." }));
        revealAndFocus(cardForm.current?.querySelector<HTMLElement>('[aria-invalid="true"]'));
        return null;
      }
    },
    async authenticate(order) {
      const action = order.nextAction;
      const complete = `/checkout/complete?order=${encodeURIComponent(order.id)}`;
      if (action?.type === "redirect") {
        // The bank's page (the simulated one is this site's own); it sends the buyer back to /checkout/complete.
        const url = new URL(action.url, window.location.origin);
        if (url.origin === window.location.origin) navigate(`${url.pathname}${url.search}`);
        else window.location.assign(url.toString());
        return;
      }
      if (action?.type === "embedded" && action.provider === "stripe") await stripe.current?.authenticate?.(action.clientSecret);
      navigate(complete);
    },
  };
}
