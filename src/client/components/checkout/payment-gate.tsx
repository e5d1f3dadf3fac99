import { useMemo, useState, type ReactNode } from "react";
import { useAuth } from "../../hooks/use-auth";
import { useSuspension } from "../../hooks/use-limits";
import { SuspensionNotice } from "../protection/suspension-notice";
import { LoadingState } from "../ui/spinner";
import { CheckoutStepsContext, type CheckoutSteps } from "./checkout-steps";
import { DateOfBirthStep } from "./date-of-birth-step";
import { EmailNotVerified } from "./email-not-verified";
import { SignInToPay } from "./sign-in-to-pay";

/**
 * The payment form only for someone who may pay: a visitor signs in or signs up right here, an
 * account without a date of birth adds it first, a player on a break sees why they cannot. The
 * form stays mounted (hidden) behind the date-of-birth step, so a payment refused for want of it
 * keeps everything typed.
 */
export function PaymentGate({ saved, children }: { saved: string; children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const suspension = useSuspension();
  const [askedForDateOfBirth, setAskedForDateOfBirth] = useState(false);
  const [unverified, setUnverified] = useState<{ message: string; round: number } | null>(null);
  const steps = useMemo<CheckoutSteps>(
    () => ({
      askDateOfBirth: () => setAskedForDateOfBirth(true),
      emailNotVerified: (message) => setUnverified((prev) => ({ message, round: (prev?.round ?? 0) + 1 })),
    }),
    [],
  );
  if (isLoading) return <LoadingState label="Checking your account..." />;
  if (!user) return <SignInToPay saved={saved} />;
  if (suspension) return <SuspensionNotice suspension={suspension} />;
  const needsDateOfBirth = askedForDateOfBirth || user.dateOfBirth === null;
  return (
    <CheckoutStepsContext.Provider value={steps}>
      {needsDateOfBirth ? <DateOfBirthStep onDone={() => setAskedForDateOfBirth(false)} /> : null}
      {unverified && !needsDateOfBirth ? <EmailNotVerified key={unverified.round} message={unverified.message} /> : null}
      <div hidden={needsDateOfBirth} className="contents">
        {children}
      </div>
    </CheckoutStepsContext.Provider>
  );
}
