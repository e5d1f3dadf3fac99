import { formatPounds } from "../../../shared/money";
import { MIN_CARD_CHARGE_PENCE } from "../../../shared/site-credit";
import { CheckboxField } from "../auth/checkbox-field";
import type { SiteCredit } from "./use-site-credit";

/**
 * At checkout, for a customer with site credit: use it first (on by default), and what is then left
 * for the card. Nothing for a visitor or a customer without credit.
 */
export function SiteCreditOption({ credit, disabled }: { credit: SiteCredit; disabled?: boolean }) {
  if (credit.balancePence <= 0) return null;
  return (
    <section aria-labelledby="site-credit-heading" className="rounded-xl border border-field-200 bg-field-50 p-4" data-testid="site-credit-option">
      <h2 id="site-credit-heading" className="text-lg font-bold text-field-900">
        Site credit
      </h2>
      <CheckboxField
        label={
          <>
            Use my site credit <span className="text-stone-600">({formatPounds(credit.balancePence)} available)</span>
          </>
        }
        checked={credit.use}
        disabled={disabled}
        onChange={(e) => credit.setUse(e.target.checked)}
      />
      {credit.creditPence > 0 ? (
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm tabular-nums">
          <dt className="text-stone-700">Site credit</dt>
          <dd className="text-right font-semibold text-field-700" data-testid="credit-applied">
            −{formatPounds(credit.creditPence)}
          </dd>
          <dt className="text-stone-700">To pay by card</dt>
          <dd className="text-right font-semibold" data-testid="card-to-pay">
            {formatPounds(credit.cardPence)}
          </dd>
        </dl>
      ) : null}
      {credit.creditPence > 0 && credit.creditPence < Math.min(credit.balancePence, credit.totalPence) ? (
        <p className="mt-2 text-sm text-stone-700" data-testid="card-minimum">
          A card payment is at least {formatPounds(MIN_CARD_CHARGE_PENCE)}, so your card pays that and the rest of your credit stays for next time.
        </p>
      ) : null}
      {credit.creditPence > 0 && credit.cardPence === 0 ? (
        <p className="mt-2 text-sm font-medium text-field-800">Your site credit covers this order: no card is needed.</p>
      ) : null}
    </section>
  );
}
