import { cn } from "../../lib/cn";
import { formatCount } from "../../lib/numbers";

interface TicketProgressProps {
  soldTickets: number;
  maxTickets: number | null;
  size?: "sm" | "md";
}

/** Sold against maximum tickets: "12 of 1,999 sold". Unlimited competitions show the count alone. */
export function TicketProgress({ soldTickets, maxTickets, size = "md" }: TicketProgressProps) {
  const label = maxTickets === null ? `${formatCount(soldTickets)} sold · no ticket limit` : `${formatCount(soldTickets)} of ${formatCount(maxTickets)} sold`;
  const percent = maxTickets ? Math.min(100, (soldTickets / maxTickets) * 100) : 0;
  // Show a sliver for the first sale so the bar never looks broken.
  const width = soldTickets > 0 ? Math.max(percent, 2) : 0;

  return (
    <div>
      {maxTickets !== null ? (
        <div
          role="progressbar"
          aria-label="Tickets sold"
          aria-valuemin={0}
          aria-valuemax={maxTickets}
          aria-valuenow={soldTickets}
          aria-valuetext={label}
          className={cn("overflow-hidden rounded-full bg-cream-200", size === "sm" ? "h-2" : "h-3")}
        >
          <div className="h-full rounded-full bg-gradient-to-r from-field-500 to-wheat-400" style={{ width: `${width}%` }} />
        </div>
      ) : null}
      <p className={cn("mt-1.5 tabular-nums text-stone-700", size === "sm" ? "text-xs" : "text-sm")}>
        {label}
        {maxTickets !== null ? <span className="text-stone-600"> ({percent > 0 && percent < 1 ? "<1" : Math.floor(percent)}%)</span> : null}
      </p>
    </div>
  );
}
