import type { CustomerClaim } from "../../../shared/schemas/claims";
import { cn } from "../../lib/cn";
import { CheckIcon } from "../ui/icons";

const ORDER = ["notified", "claimed", "fulfilled"] as const;

function lastStepLabel(claim: Pick<CustomerClaim, "choice" | "fulfilment">): string {
  if (claim.fulfilment === "paid" || (!claim.fulfilment && claim.choice === "cash")) return "Paid";
  if (claim.fulfilment === "delivered" || claim.choice === "prize") return "Delivered";
  return "Delivered or paid";
}

/** Where the claim is: won → claimed → delivered (or paid). Not shown for an expired claim, whose panel says so. */
export function ClaimSteps({ claim }: { claim: Pick<CustomerClaim, "status" | "choice" | "fulfilment"> }) {
  if (claim.status === "expired" || claim.status === "void") return null;
  const reached = ORDER.indexOf(claim.status);
  const labels = ["Won", "Claimed", lastStepLabel(claim)];
  return (
    <ol aria-label="Claim progress" className="flex items-start gap-2">
      {labels.map((label, i) => {
        const done = i <= reached;
        const current = i === reached;
        return (
          <li key={label} aria-current={current ? "step" : undefined} className="flex flex-1 flex-col items-center gap-1.5 text-center">
            <span className="flex w-full items-center">
              <span className={cn("h-0.5 flex-1", i === 0 ? "bg-transparent" : i <= reached ? "bg-field-600" : "bg-stone-300")} />
              <span
                className={cn(
                  "inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold",
                  done ? "bg-field-700 text-white" : "border-2 border-stone-300 bg-white text-stone-600",
                )}
                aria-hidden="true"
              >
                {done ? <CheckIcon className="size-4" /> : i + 1}
              </span>
              <span className={cn("h-0.5 flex-1", i === labels.length - 1 ? "bg-transparent" : i < reached ? "bg-field-600" : "bg-stone-300")} />
            </span>
            <span className={cn("text-sm", current ? "font-bold text-field-900" : done ? "font-semibold text-stone-800" : "text-stone-600")}>
              {label}
              <span className="sr-only">{done ? (current ? " (current step)" : " (done)") : " (to come)"}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
