import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation } from "react-router-dom";
import { paymentSplit } from "../../../shared/money";
import type { NextActionView } from "../../../shared/schemas/order";
import { useTRPC } from "../../lib/trpc";
import { Button } from "../ui/button";
import { buttonClasses, type ButtonVariant } from "../ui/button-styles";
import { CashflowsCardForm } from "./cashflows-card-form-lazy";

interface ContinueAuthenticationProps {
  action: NextActionView;
  variant?: ButtonVariant;
  /** The order's amount and site credit used, for what the card pays (Cashflows' form shows it on its button). */
  amount?: { amount: string; creditUsed: string };
  /** Called once the provider's component has finished its part, so the page can look at the order again. */
  onDone: () => void;
}

/**
 * Back to the bank's page; for Stripe's in-page challenge, Stripe.js opens it here (loaded only then);
 * for Cashflows, whose card form takes the card and runs the challenge, that form (also loaded only then).
 */
export function ContinueAuthentication({ action, variant = "primary", amount, onDone }: ContinueAuthenticationProps) {
  const trpc = useTRPC();
  const provider = useQuery(trpc.public.payments.config.queryOptions()).data?.provider;
  if (action.type === "redirect") {
    // With Cashflows the page is its payment page (the buyer may not have entered a card yet), not a bank's.
    return (
      <a href={action.url} className={buttonClasses(variant)}>
        {provider === "cashflows" ? "Continue to payment" : "Continue authentication"}
      </a>
    );
  }
  if (action.provider === "cashflows") return <CashflowsContinue token={action.clientSecret} variant={variant} amount={amount} onDone={onDone} />;
  return <StripeChallenge clientSecret={action.clientSecret} variant={variant} onDone={onDone} />;
}

/** A buyer who left Cashflows' card form before paying finishes in it here. */
function CashflowsContinue({
  token,
  variant,
  amount,
  onDone,
}: {
  token: string;
  variant: ButtonVariant;
  amount?: ContinueAuthenticationProps["amount"];
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const config = useQuery(trpc.public.payments.config.queryOptions());
  const location = useLocation();
  const [open, setOpen] = useState(false);
  if (!open || !config.data) {
    return (
      <Button
        variant={variant}
        pending={open}
        onClick={() => {
          setOpen(true);
          // The page's two minutes of waiting start again: the buyer is now paying.
          onDone();
        }}
      >
        Continue to payment
      </Button>
    );
  }
  return (
    <div className="flex w-full flex-col gap-3 text-left">
      <CashflowsCardForm
        token={token}
        environment={config.data.environment ?? "production"}
        wallets={config.data.wallets}
        amountPence={amount ? paymentSplit(amount.amount, amount.creditUsed).cardPence : 0}
        statementDescriptor={config.data.statementDescriptor}
        completeHref={`${location.pathname}${location.search}`}
        onPaid={onDone}
        onDeclined={onDone}
      />
    </div>
  );
}

function StripeChallenge({ clientSecret, variant, onDone }: { clientSecret: string; variant: ButtonVariant; onDone: () => void }) {
  const trpc = useTRPC();
  const config = useQuery(trpc.public.payments.config.queryOptions());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = config.data?.publishableKey;

  const onClick = async () => {
    if (!key || busy) return;
    setBusy(true);
    setError(null);
    try {
      const { loadStripe } = await import("@stripe/stripe-js");
      const stripe = await loadStripe(key);
      if (!stripe) throw new Error("Stripe could not be loaded.");
      const result = await stripe.handleNextAction({ clientSecret });
      if (result.error) setError(result.error.message ?? "Authentication was not completed.");
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : "Authentication could not be started.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col items-center gap-2">
      <Button variant={variant} pending={busy} disabled={!key} onClick={() => void onClick()}>
        Continue authentication
      </Button>
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
