import { cn } from "../../lib/cn";
import { formatCount } from "../../lib/numbers";
import { soldPercent } from "./sold-percent";

interface TicketProgressProps {
  soldTickets: number;
  maxTickets: number | null;
  size?: "sm" | "md";
}

/** Sold against maximum tickets: "12 of 1,999 sold (<1%)". Unlimited competitions show the count alone. */
export function TicketProgress({ soldTickets, maxTickets, size = "md" }: TicketProgressProps) {
  const label = maxTickets === null ? `${formatCount(soldTickets)} sold · no ticket limit` : `${formatCount(soldTickets)} of ${formatCount(maxTickets)} sold`;
  const percent = maxTickets === null ? null : soldPercent(soldTickets, maxTickets);

  return (
    <div>
      {maxTickets !== null && percent ? (
        <div
          role="progressbar"
          aria-label="Tickets sold"
          aria-valuemin={0}
          aria-valuemax={maxTickets}
          aria-valuenow={soldTickets}
          aria-valuetext={label}
          className={cn("overflow-hidden rounded-full bg-cream-200", size === "sm" ? "h-2" : "h-3")}
        >
          <div className="h-full rounded-full bg-gradient-to-r from-field-500 to-wheat-400" style={{ width: `${percent.width}%` }} />
        </div>
      ) : null}
      <p className={cn("mt-1.5 tabular-nums text-stone-700", size === "sm" ? "text-xs" : "text-sm")}>
        {label}
        {percent ? <span className="text-stone-600"> ({percent.label})</span> : null}
      </p>
    </div>
  );
}
