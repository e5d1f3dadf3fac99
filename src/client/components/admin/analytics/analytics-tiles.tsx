import { formatPrice } from "../../../../shared/money";
import { poundsFromDecimal } from "../ui/money";
import { StatTile } from "../ui/stat-tile";

interface Window {
  entries: number;
  paidEntries: number;
  revenue: string;
  discounts?: string;
  ticketsSold: number;
}

interface AnalyticsFigures {
  totalRevenue: string;
  totalDiscounts?: string;
  totalEntries: number;
  paidEntries: number;
  entriesToday: number;
  last7Days: Window;
  last30Days: Window;
  conversionRate: number;
  averageTicketsPerPaidEntry: number;
}

/** " · £12.50 off with discount codes" when codes took something off (the revenue is after it). */
const discounted = (discounts: string | undefined) => (discounts && discounts !== "0.00" ? ` · ${formatPrice(discounts)} off with codes` : "");

export function AnalyticsTiles({ figures: f }: { figures: AnalyticsFigures }) {
  return (
    <section aria-label="Key figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
      <StatTile label="Total Revenue" value={poundsFromDecimal(f.totalRevenue)} detail={`${f.paidEntries} paid entries${discounted(f.totalDiscounts)}`} />
      <StatTile label="Entries Today" value={f.entriesToday} detail="Since midnight" />
      <StatTile
        label="Last 7 Days"
        value={f.last7Days.entries}
        detail={`${formatPrice(f.last7Days.revenue)} · ${f.last7Days.ticketsSold} tickets${discounted(f.last7Days.discounts)}`}
      />
      <StatTile
        label="Last 30 Days"
        value={f.last30Days.entries}
        detail={`${formatPrice(f.last30Days.revenue)} · ${f.last30Days.ticketsSold} tickets${discounted(f.last30Days.discounts)}`}
      />
      <StatTile label="Conversion Rate" value={`${f.conversionRate.toFixed(1)}%`} detail={`${f.paidEntries} of ${f.totalEntries} entries paid`} />
      <StatTile label="Avg Tickets per Paid Entry" value={f.averageTicketsPerPaidEntry.toFixed(1)} />
    </section>
  );
}
