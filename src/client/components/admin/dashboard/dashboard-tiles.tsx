import { formatPrice } from "../../../../shared/money";
import { Link } from "react-router-dom";
import { TicketIcon, TrophyIcon } from "../../ui/icons";
import { ClaimsTile } from "../claims/claims-tile";
import { poundsFromDecimal } from "../ui/money";
import { StatGrid, StatTile } from "../ui/stat-tile";

interface DashboardFigures {
  totalEntries: number;
  paidEntries: number;
  pendingEntries: number;
  totalRevenue: string;
  totalDiscounts?: string;
  activeCompetitions: number;
  closedCompetitions: number;
  totalWinners: number;
  creditOwed: { total: string; customerCount: number; customers: Array<{ id: string; email: string; owed: string }> };
}

/** Instant prize credit spent before its winning entry was refunded or disputed: who owes it (it comes out of their next credit). */
function CreditOwed({ owed }: { owed: DashboardFigures["creditOwed"] }) {
  if (owed.customerCount === 0) return null;
  return (
    <section aria-labelledby="credit-owed-heading" className="mb-8 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-5" data-testid="credit-owed">
      <h2 id="credit-owed-heading" className="font-sans text-lg font-bold text-amber-950">
        Site credit owed: £{owed.total}
      </h2>
      <p className="text-sm text-amber-950">
        Instant prize credit {owed.customerCount === 1 ? "one customer" : `${owed.customerCount} customers`} spent before the winning entry was refunded or
        disputed. It comes out of their next credit.
      </p>
      <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label="Customers owing site credit">
        {owed.customers.map((c) => (
          <li key={c.id}>
            <Link to={`/admin/customers/${encodeURIComponent(c.id)}`} className="font-semibold text-field-800 underline underline-offset-2">
              {c.email}
            </Link>{" "}
            owes £{c.owed}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DashboardTiles({ figures: f }: { figures: DashboardFigures }) {
  return (
    <>
      <StatGrid label="Summary">
        <StatTile label="Total Entries" value={f.totalEntries} detail={`${f.paidEntries} paid · ${f.pendingEntries} pending`} icon={<TicketIcon />} />
        <StatTile
          label="Total Revenue"
          value={poundsFromDecimal(f.totalRevenue)}
          detail={
            f.totalDiscounts && f.totalDiscounts !== "0.00"
              ? `From paid entries, after ${formatPrice(f.totalDiscounts)} of discount codes`
              : "From paid entries"
          }
        />
        <StatTile label="Active Competitions" value={f.activeCompetitions} detail={`${f.closedCompetitions} closed`} />
        <StatTile label="Total Winners" value={f.totalWinners} icon={<TrophyIcon />} />
      </StatGrid>
      {/* Issue #17: a fifth, full-width tile under the spec's four, so their row stays as it was. */}
      <ClaimsTile className="-mt-5 mb-8 sm:-mt-4" />
      <CreditOwed owed={f.creditOwed} />
    </>
  );
}
