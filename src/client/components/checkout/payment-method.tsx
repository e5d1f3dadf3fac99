import { useMutation, useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router-dom";
import { z } from "zod";
import { paymentSplit } from "../../../shared/money";
import type { OrderResult } from "../../../shared/schemas/entry";
import { nestedFieldErrors } from "../../lib/checkout-errors";
import { revealAndFocus } from "../../lib/form-errors";
import { useTRPC } from "../../lib/trpc";
import { Card } from "../ui/card";
import { LoadingState } from "../ui/spinner";
import { CardFields, type CardField, type FieldBinding } from "./card-fields";
import { CashflowsCardForm } from "./cashflows-card-form-lazy";
import type { PaymentCollector } from "./payment-collector";
import { StatementDescriptor } from "./statement-descriptor";

// Stripe.js and the Payment Element load only here, and only in a shop whose provider is Stripe.
const StripePaymentElement = lazy(async () => ({ default: (await import("./stripe-payment-element")).StripePaymentElement }));

/** An order placed with Cashflows, waiting for its card: the intent's token and what the card pays. */
interface CashflowsPayment {
  token: string;
  orderId: string;
  reference: string;
  cardPence: number;
}

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
  /**
   * The payment step before the order: the simulated provider's card fields, Stripe's Payment
   * Element, or (Cashflows, whose form needs the order's payment intent) a note about the next step.
   */
  fields: ReactNode;
  /** Under the pay button: how the charge will appear on the buyer's statement. */
  descriptor: ReactNode;
  /**
   * Once the order is placed and its provider's own form takes the card (Cashflows), that form: the
   * checkout shows it in place of its own form, whose details are now the order's.
   */
  panel: ReactNode;
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
  const [cashflows, setCashflows] = useState<CashflowsPayment | null>(null);
  const provider = config.data?.provider;
  const stripeKey = config.data?.publishableKey ?? null;
  const descriptorText = config.data?.statementDescriptor ?? null;
  const completeHref = (orderId: string) => `/checkout/complete?order=${encodeURIComponent(orderId)}`;

  // One branch per provider: a third acquirer adds its component here and one case below.
  let fields: ReactNode;
  switch (provider) {
    case "simulated":
      fields = (
        <div ref={cardForm}>
          <CardFields field={field} />
        </div>
      );
      break;
    case "stripe":
      fields = stripeKey ? (
        <Suspense fallback={<LoadingState />}>
          <StripePaymentElement publishableKey={stripeKey} amountPence={amountPence} ref={stripe} />
        </Suspense>
      ) : (
        <LoadingState />
      );
      break;
    case "cashflows":
      fields = <CashflowsNextStep />;
      break;
    default:
      fields = <LoadingState />;
  }

  const panel =
    cashflows && config.data ? (
      <CashflowsPanel
        payment={cashflows}
        environment={config.data.environment ?? "production"}
        wallets={config.data.wallets}
        statementDescriptor={descriptorText}
        completeHref={completeHref(cashflows.orderId)}
        onPaid={() => navigate(completeHref(cashflows.orderId))}
      />
    ) : null;

  const check = () => {
    if (provider !== "simulated") return {};
    const parsed = simulatedCard.safeParse(values);
    return parsed.success ? {} : (nestedFieldErrors(parsed.error) as Partial<Record<CardField, string>>);
  };

  return {
    fields,
    descriptor: descriptorText ? <StatementDescriptor descriptor={descriptorText} /> : null,
    panel,
    ready: provider === "simulated" || provider === "cashflows" || (provider === "stripe" && !!stripeKey),
    check,
    async token() {
      if (provider === "stripe") return (await stripe.current?.token()) ?? null;
      // No card exists before the order: Cashflows' form takes it once the order's payment intent does.
      if (provider === "cashflows") return "cashflows";
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
      const complete = completeHref(order.id);
      if (action?.type === "redirect") {
        // The bank's page (the simulated one is this site's own); it sends the buyer back to /checkout/complete.
        const url = new URL(action.url, window.location.origin);
        if (url.origin === window.location.origin) navigate(`${url.pathname}${url.search}`);
        else window.location.assign(url.toString());
        return;
      }
      if (action?.type === "embedded" && action.provider === "cashflows") {
        // The card form takes over the checkout; it goes to the order's page once Cashflows says paid.
        const { cardPence } = paymentSplit(order.amount, order.creditUsed);
        setCashflows({ token: action.clientSecret, orderId: order.id, reference: order.reference, cardPence });
        return;
      }
      if (action?.type === "embedded" && action.provider === "stripe") await stripe.current?.authenticate?.(action.clientSecret);
      navigate(complete);
    },
  };
}

/** Cashflows' payment step before the order: its form needs the order's payment intent, so it comes next. */
function CashflowsNextStep() {
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-cream-100 p-4 text-sm text-stone-800">
      <p className="font-semibold">You will enter your card details at the next step, in Cashflows' secure payment form.</p>
      <p>
        Your card details go straight to Cashflows, our payment provider: this shop never sees them. Google Pay and Apple Pay are offered there where your
        device supports them.
      </p>
    </div>
  );
}

interface CashflowsPanelProps {
  payment: CashflowsPayment;
  environment: "integration" | "production";
  wallets: ReadonlyArray<"google_pay" | "apple_pay">;
  statementDescriptor: string | null;
  completeHref: string;
  onPaid: () => void;
}

/** In place of the checkout's form once the order is placed: Cashflows' card form for it, its heading focused. */
function CashflowsPanel({ payment, environment, wallets, statementDescriptor, completeHref, onPaid }: CashflowsPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card>
      <section aria-labelledby="cashflows-pay-heading" className="flex flex-col gap-4">
        <h2 id="cashflows-pay-heading" ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
          Pay by card
        </h2>
        <p className="text-sm text-stone-700">
          Order {payment.reference} is placed and your tickets are held for a few minutes. Enter your card in Cashflows' secure form below to pay for it.
        </p>
        <CashflowsCardForm
          token={payment.token}
          environment={environment}
          wallets={wallets}
          amountPence={payment.cardPence}
          statementDescriptor={statementDescriptor}
          completeHref={completeHref}
          onPaid={onPaid}
        />
      </section>
    </Card>
  );
}
