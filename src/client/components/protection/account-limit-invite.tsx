import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useLimits } from "../../hooks/use-limits";
import { LimitInvite } from "./limit-invite";

const key = (userId: string) => `limitInviteDismissed:${userId}`;

function wasDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(key(userId)) === "1";
  } catch {
    return false;
  }
}

/** On /account while no limit is set, until the customer sets one or dismisses the card (not over the limit form itself). */
export function AccountLimitInvite({ userId }: { userId: string }) {
  const limits = useLimits();
  const [params] = useSearchParams();
  const [dismissed, setDismissed] = useState(() => wasDismissed(userId));
  const data = limits.data;
  const onLimitsTab = params.get("tab") === "limits";
  if (dismissed || onLimitsTab || !data || data.monthlyLimit !== null || data.pendingIncrease || data.suspension) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(key(userId), "1");
    } catch {
      // Dismissed for this visit only.
    }
    setDismissed(true);
  };
  return <LimitInvite onDismiss={dismiss} />;
}
