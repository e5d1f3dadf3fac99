import { useId } from "react";
import { Button } from "../../ui/button";
import { PlusIcon, TrashIcon } from "../../ui/icons";
import { CheckboxField } from "../ui/checkbox-field";
import { inputClasses, labelClasses } from "../ui/field-styles";
import type { CampaignForm } from "./campaign-form-types";
import {
  INSTANT_PRIZE_KINDS,
  instantPrizesBlocked,
  instantPrizesProblem,
  instantPrizesSummary,
  MAX_INSTANT_PRIZE_LINES,
  newInstantPrizeRow,
  type InstantPrizeRow,
} from "./instant-prize-rows";
import { SalesLockNote } from "./sales-lock-note";

export const INSTANT_PRIZES_LOCKED = "Instant prizes are fixed once tickets are sold: their winning numbers were published before the first sale.";

/**
 * The dialog's Instant Wins tab: rows of "Name, Kind, Value (£), Count", what they come to, and whether
 * an instant winner stays in the main draw. The server draws and commits each unit's winning number on
 * save. `locked`: the competition has sales, so the prizes (and the numbers they are on) are fixed.
 */
export function InstantPrizesField({ form, locked = false }: { form: CampaignForm; locked?: boolean }) {
  const { values, errors, set } = form;
  const id = useId();
  const rows = values.instantPrizes;
  const blocked = locked ? null : instantPrizesBlocked(values);
  // A message from a save (client or server) stands until the rows change; otherwise the live check.
  const problem = errors.instantPrizes ? { message: errors.instantPrizes, row: null } : instantPrizesProblem(rows, values.maxTickets, "typing");
  const summary = instantPrizesSummary(rows);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const readOnly = locked || blocked !== null;

  const setRows = (next: InstantPrizeRow[]) => set("instantPrizes", next);
  const edit = (key: string, change: Partial<InstantPrizeRow>) => setRows(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className={`${labelClasses} mb-1.5`}>Instant prizes</legend>
        <p id={hintId} className="text-sm text-stone-600">
          Optional. Each prize is hidden on a ticket number drawn at random when you save, before the first sale: the buyer of that number wins it at once. Site
          credit goes straight to the winner&apos;s account; cash and physical prizes are claimed like a draw prize.
        </p>
        {locked ? <SalesLockNote>{INSTANT_PRIZES_LOCKED}</SalesLockNote> : null}
        {blocked ? (
          <p className="rounded-xl border border-cream-200 bg-cream-100 px-4 py-3 text-sm text-stone-800" data-testid="instant-prizes-blocked">
            {blocked}
          </p>
        ) : null}
        {rows.length ? (
          <ol className="flex flex-col gap-3" aria-label="Instant prizes">
            {rows.map((row, index) => (
              <PrizeRow
                key={row.key}
                row={row}
                n={index + 1}
                readOnly={readOnly}
                // A prize set before sales were blocked can still be taken off; a locked one cannot.
                removable={!locked}
                invalid={!!problem && (problem.row === null || problem.row === index)}
                describedBy={[problem ? errorId : null, hintId].filter(Boolean).join(" ")}
                onEdit={(change) => edit(row.key, change)}
                onRemove={() => setRows(rows.filter((r) => r.key !== row.key))}
              />
            ))}
          </ol>
        ) : null}
        {summary ? (
          <p className="text-sm font-semibold tabular-nums text-field-900" data-testid="instant-prizes-summary">
            {summary}
          </p>
        ) : null}
        <div aria-live="polite">
          {problem ? (
            <p id={errorId} className="text-sm font-medium text-danger-700">
              {problem.message}
            </p>
          ) : null}
        </div>
        {!readOnly && rows.length < MAX_INSTANT_PRIZE_LINES ? (
          <Button size="sm" variant="secondary" className="self-start" onClick={() => setRows([...rows, newInstantPrizeRow()])}>
            <PlusIcon className="size-4" />
            Add an instant prize
          </Button>
        ) : null}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <CheckboxField
          label="Instant winners stay in the main draw"
          hint="Off: a ticket that wins an instant prize cannot also win the main prize. Fixed once tickets are sold."
          disabled={readOnly}
          checked={values.instantWinnersInDraw}
          onChange={(on) => set("instantWinnersInDraw", on)}
        />
        {errors.instantWinnersInDraw ? <p className="text-sm font-medium text-danger-700">{errors.instantWinnersInDraw}</p> : null}
      </div>
    </div>
  );
}

interface PrizeRowProps {
  row: InstantPrizeRow;
  /** The row's number from 1, in its inputs' names. */
  n: number;
  readOnly: boolean;
  removable: boolean;
  invalid: boolean;
  describedBy: string;
  onEdit: (change: Partial<InstantPrizeRow>) => void;
  onRemove: () => void;
}

const SMALL_LABEL = "text-xs font-semibold text-stone-700";

/** One prize line; each input is named "Instant prize N Name" and so on (the visible word after a hidden prefix). */
function PrizeRow({ row, n, readOnly, removable, invalid, describedBy, onEdit, onRemove }: PrizeRowProps) {
  const id = useId();
  const error = invalid ? "invalid" : undefined;
  const common = { "aria-invalid": invalid || undefined, "aria-describedby": describedBy, disabled: readOnly };
  const label = (field: string, text: string) => (
    <label htmlFor={`${id}-${field}`} className={SMALL_LABEL}>
      <span className="sr-only">{`Instant prize ${n} `}</span>
      {text}
    </label>
  );
  return (
    <li className="grid grid-cols-2 items-end gap-3 rounded-xl border border-cream-200 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,0.8fr)_auto]">
      <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
        {label("name", "Name")}
        <input
          id={`${id}-name`}
          type="text"
          maxLength={120}
          autoComplete="off"
          placeholder="£10 site credit"
          value={row.name}
          onChange={(e) => onEdit({ name: e.target.value })}
          className={inputClasses(error)}
          {...common}
        />
      </div>
      <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
        {label("kind", "Kind")}
        <select
          id={`${id}-kind`}
          value={row.kind}
          onChange={(e) => onEdit({ kind: e.target.value as InstantPrizeRow["kind"] })}
          className={inputClasses(error)}
          {...common}
        >
          {INSTANT_PRIZE_KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        {label("value", "Value (£)")}
        <input
          id={`${id}-value`}
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          value={row.value}
          onChange={(e) => onEdit({ value: e.target.value })}
          className={inputClasses(error)}
          {...common}
        />
      </div>
      <div className="flex flex-col gap-1">
        {label("count", "Count")}
        <input
          id={`${id}-count`}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={row.count}
          onChange={(e) => onEdit({ count: e.target.value })}
          className={inputClasses(error)}
          {...common}
        />
      </div>
      {removable ? (
        <Button
          size="sm"
          variant="ghost"
          className="col-span-2 justify-self-end text-danger-700 hover:bg-danger-50 sm:col-span-1"
          onClick={onRemove}
          aria-label={`Remove instant prize ${n}`}
        >
          <TrashIcon className="size-4" />
          Remove
        </Button>
      ) : null}
    </li>
  );
}
