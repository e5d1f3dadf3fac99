import { Link } from "react-router-dom";
import { LoadFailed } from "../ui/load-failed";
import { useLimits } from "../../hooks/use-limits";
import { LoadingState } from "../ui/spinner";
import { BreakPanel } from "./break-panel";
import { CloseAccount } from "./close-account";
import { LimitsPanel } from "./limits-panel";

/** The account's Spending Limits tab: the limit, take a break or self-exclude, and close the account. */
export function ProtectionTab() {
  const limits = useLimits();
  if (limits.isPending) return <LoadingState label="Loading your limits..." />;
  if (limits.error || !limits.data) {
    return <LoadFailed what="your spending limits" retry={() => void limits.refetch()} />;
  }
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <LimitsPanel limits={limits.data} />
      <BreakPanel suspendedUntil={limits.data.suspension?.until ?? null} />
      <CloseAccount />
      <p className="text-stone-700">
        Worried about how much you play, or someone else's play? Read our{" "}
        <Link to="/safer-play" className="font-semibold text-field-700 underline underline-offset-4">
          Safer Play
        </Link>{" "}
        guide for free, confidential support.
      </p>
    </div>
  );
}
