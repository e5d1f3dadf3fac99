import { Fragment } from "react";
import { formatPounds } from "../../../shared/money";
import { pendingEntryLine, type PendingEntry } from "../../lib/pending-entry";
import { IMAGE_SIZES } from "../../lib/picture";
import { CompetitionImage } from "../competition/competition-image";
import { Card } from "../ui/card";
import { useLivePendingEntry } from "./use-live-pending-entry";

/** What is being bought (priced as the server charges it, with any chosen numbers) and the details the entry will be made under. */
export function DirectOrderSummary({ entry: initial, discount }: { entry: PendingEntry; discount?: { code: string; pence: number } | null }) {
  const entry = useLivePendingEntry(initial);
  const line = pendingEntryLine(entry);
  const numbers = entry.numbers ?? [];
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <h2 className="text-xl font-bold">Order Summary</h2>
        <div className="mt-4 flex gap-4">
          <CompetitionImage
            src={entry.competitionImage}
            alt={entry.competitionTitle}
            eager
            sizes={IMAGE_SIZES.thumb}
            width={80}
            height={80}
            className="size-20 shrink-0 rounded-xl"
          />
          <div className="min-w-0">
            <p className="font-semibold text-stone-900">{entry.competitionTitle}</p>
            <p className="mt-1 text-sm tabular-nums text-stone-700">
              {entry.tickets} × {formatPounds(line.unitPence)}
            </p>
            {line.savingPence > 0 ? (
              <p className="text-sm font-semibold text-field-700" data-testid="checkout-saving">
                Multibuy saving: −{formatPounds(line.savingPence)}
              </p>
            ) : null}
          </div>
        </div>
        {numbers.length > 0 ? (
          <p className="mt-3 text-sm text-stone-800" data-testid="your-numbers">
            Your numbers:
            {numbers.map((n) => (
              <Fragment key={n}>
                {" "}
                {entry.lostNumbers?.includes(n) ? (
                  <span className="font-semibold tabular-nums text-danger-700 line-through" title="Taken by another buyer">
                    #{n} (taken)
                  </span>
                ) : (
                  <span className="font-semibold tabular-nums">#{n}</span>
                )}
              </Fragment>
            ))}
          </p>
        ) : null}
        {discount && discount.pence > 0 ? (
          <div className="mt-4 flex items-center justify-between border-t border-cream-200 pt-4 text-field-700">
            <span>Discount ({discount.code})</span>
            <span className="font-semibold tabular-nums" data-testid="checkout-discount">
              −{formatPounds(discount.pence)}
            </span>
          </div>
        ) : null}
        <div className="mt-4 flex items-center justify-between border-t border-cream-200 pt-4">
          <span className="font-semibold text-stone-800">Total</span>
          <span className="text-2xl font-bold tabular-nums text-field-900" data-testid="direct-total">
            {formatPounds(line.totalPence - (discount?.pence ?? 0))}
          </span>
        </div>
      </Card>
      <Card>
        <h2 className="text-xl font-bold">Entry Details</h2>
        <dl className="mt-3 flex flex-col gap-2 text-sm">
          <Row label="Name" value={entry.customerName} />
          <Row label="Email" value={entry.customerEmail} />
          {entry.answer ? <Row label="Answer" value={entry.answer} /> : null}
        </dl>
      </Card>
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-stone-600">{label}</dt>
      <dd className="min-w-0 text-right font-semibold text-stone-900 [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}
