import type { ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { useAuth } from "../../hooks/use-auth";
import { useSuspension } from "../../hooks/use-limits";
import { SuspensionNotice } from "../protection/suspension-notice";
import { LoadingState } from "../ui/spinner";
import { SignInToPay } from "./sign-in-to-pay";

/**
 * The payment form only for someone who may pay: a visitor is asked to sign in (and comes back
 * here), a player on a break sees why they cannot.
 */
export function PaymentGate({ saved, children }: { saved: string; children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const suspension = useSuspension();
  const location = useLocation();
  if (isLoading) return <LoadingState label="Checking your account..." />;
  if (!user) return <SignInToPay next={`${location.pathname}${location.search}`} saved={saved} />;
  if (suspension) return <SuspensionNotice suspension={suspension} />;
  return <>{children}</>;
}
