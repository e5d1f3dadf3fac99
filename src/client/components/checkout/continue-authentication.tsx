import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { NextActionView } from "../../../shared/schemas/order";
import { useTRPC } from "../../lib/trpc";
import { Button } from "../ui/button";
import { buttonClasses, type ButtonVariant } from "../ui/button-styles";

interface ContinueAuthenticationProps {
  action: NextActionView;
  variant?: ButtonVariant;
  /** Called once Stripe.js has finished its part, so the page can look at the order again. */
  onDone: () => void;
}

/** Back to the bank's page; for Stripe's in-page challenge, Stripe.js opens it here (loaded only then). */
export function ContinueAuthentication({ action, variant = "primary", onDone }: ContinueAuthenticationProps) {
  if (action.type === "redirect") {
    return (
      <a href={action.url} className={buttonClasses(variant)}>
        Continue authentication
      </a>
    );
  }
  return <StripeChallenge clientSecret={action.clientSecret} variant={variant} onDone={onDone} />;
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
