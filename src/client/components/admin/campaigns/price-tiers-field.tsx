import { useId } from "react";
import { decimalToPence } from "../../../../shared/money";
import { MAX_PRICE_TIERS } from "../../../../shared/pricing";
import { MAX_TICKETS } from "../../../../shared/schemas/entry";
import { Button } from "../../ui/button";
import { PlusIcon, TrashIcon } from "../../ui/icons";
import { inputClasses, labelClasses } from "../ui/field-styles";
import type { CampaignForm } from "./campaign-form-types";
import { newTierRow, tierPreview, tierRowsProblem, type PriceTierRow } from "./price-tiers";
import { SalesLockNote } from "./sales-lock-note";

/**
 * Multibuy prices: rows of "From [10] tickets, £ [1.79] each", each with what a buyer saves, checked
 * in the server's words while the admin types. `locked`: the competition has sales.
 *
 * The inputs are named "Multibuy N tickets" and "Multibuy N £ each": never "price", so the ticket's
 * own Price field keeps a name no other field contains.
 */
export function PriceTiersField({ form, locked = false }: { form: CampaignForm; locked?: boolean }) {
  const { values, errors, set } = form;
  const id = useId();
  const rows = values.priceTiers;
  const basePence = decimalToPence(values.price);
  // A message from a save (client or server) stands until the rows change; otherwise the live check.
  const problem = errors.priceTiers ? { message: errors.priceTiers, row: null } : tierRowsProblem(basePence, rows, "typing");
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  const setRows = (next: PriceTierRow[]) => set("priceTiers", next);
  const edit = (key: string, change: Partial<PriceTierRow>) => setRows(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className={`${labelClasses} mb-1.5`}>Multibuy prices</legend>
      <p id={hintId} className="text-sm text-stone-600">
        Optional. Cheaper tickets for bigger orders: an order of at least that many tickets pays that much for each.
      </p>
      {locked ? <SalesLockNote>Prices can only go down once tickets are sold</SalesLockNote> : null}
      {rows.length ? (
        <ol className="flex flex-col gap-3">
          {rows.map((row, index) => (
            <TierRow
              key={row.key}
              row={row}
              n={index + 1}
              basePence={basePence}
              invalid={!!problem && (problem.row === null || problem.row === index)}
              describedBy={[problem ? errorId : null, hintId].filter(Boolean).join(" ")}
              onEdit={(change) => edit(row.key, change)}
              onRemove={() => setRows(rows.filter((r) => r.key !== row.key))}
            />
          ))}
        </ol>
      ) : null}
      <div aria-live="polite">
        {problem ? (
          <p id={errorId} className="text-sm font-medium text-danger-700">
            {problem.message}
          </p>
        ) : null}
      </div>
      {rows.length < MAX_PRICE_TIERS ? (
        <Button size="sm" variant="secondary" className="self-start" onClick={() => setRows([...rows, newTierRow()])}>
          <PlusIcon className="size-4" />
          Add a multibuy price
        </Button>
      ) : null}
    </fieldset>
  );
}

interface TierRowProps {
  row: PriceTierRow;
  /** The row's number from 1, in its inputs' names. */
  n: number;
  basePence: number | null;
  invalid: boolean;
  describedBy: string;
  onEdit: (change: Partial<PriceTierRow>) => void;
  onRemove: () => void;
}

function TierRow({ row, n, basePence, invalid, describedBy, onEdit, onRemove }: TierRowProps) {
  const previewId = useId();
  const preview = tierPreview(basePence, row);
  const described = preview ? `${previewId} ${describedBy}` : describedBy;
  const error = invalid ? "invalid" : undefined;
  return (
    <li className="flex flex-col gap-1.5 rounded-xl border border-cream-200 p-3">
      <div className="flex flex-wrap items-center gap-2 text-sm font-semibold text-stone-800">
        <span aria-hidden="true">From</span>
        <div className="w-24">
          <input
            type="number"
            inputMode="numeric"
            min={2}
            max={MAX_TICKETS}
            step={1}
            aria-label={`Multibuy ${n} tickets`}
            aria-invalid={invalid || undefined}
            aria-describedby={described}
            value={row.minQuantity}
            onChange={(e) => onEdit({ minQuantity: e.target.value })}
            className={inputClasses(error)}
          />
        </div>
        <span aria-hidden="true">tickets, £</span>
        <div className="w-28">
          <input
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            aria-label={`Multibuy ${n} £ each`}
            aria-invalid={invalid || undefined}
            aria-describedby={described}
            value={row.pricePerTicket}
            onChange={(e) => onEdit({ pricePerTicket: e.target.value })}
            className={inputClasses(error)}
          />
        </div>
        <span aria-hidden="true">each</span>
        <Button size="sm" variant="ghost" className="ml-auto text-danger-700 hover:bg-danger-50" onClick={onRemove} aria-label={`Remove multibuy ${n}`}>
          <TrashIcon className="size-4" />
          Remove
        </Button>
      </div>
      {preview ? (
        <p id={previewId} className="text-sm tabular-nums text-stone-700">
          {preview}
        </p>
      ) : null}
    </li>
  );
}
