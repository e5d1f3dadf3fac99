import { useId } from "react";
import { formatPounds } from "../../../shared/money";
import { Button } from "../ui/button";
import type { DiscountCode } from "./use-discount-code";

/**
 * The checkout's discount code: a box and Apply (Enter applies, never submits the order), then what
 * the code saves with Remove; why a code gives nothing, under the box.
 */
export function DiscountCodeField({ discount, disabled }: { discount: DiscountCode; disabled?: boolean }) {
  const id = useId();
  const { applied } = discount;
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-cream-300 bg-white p-4" data-testid="discount-code">
      <h2 id={`${id}-heading`} className="text-lg font-bold text-field-900">
        Discount code
      </h2>
      {applied ? (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-stone-800" role="status" data-testid="discount-applied">
            <span className="font-semibold tabular-nums">{applied.code}</span> applied: you save{" "}
            <span className="font-semibold text-field-700">{formatPounds(discount.discountPence)}</span>
            {applied.description ? <span className="block text-stone-600">{applied.description}</span> : null}
          </p>
          <Button variant="ghost" size="sm" onClick={discount.remove} disabled={disabled}>
            Remove
          </Button>
        </div>
      ) : (
        <div className="mt-2 flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-semibold text-stone-800">
            Discount code
          </label>
          <div className="flex gap-2">
            <input
              id={id}
              value={discount.text}
              onChange={(e) => discount.setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  discount.apply();
                }
              }}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
              disabled={disabled}
              aria-invalid={discount.error ? true : undefined}
              aria-describedby={discount.error ? `${id}-error` : undefined}
              className={`min-h-11 w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base uppercase text-stone-900 shadow-xs placeholder:normal-case placeholder:text-stone-500 focus-visible:border-field-600 focus-visible:outline-2 focus-visible:outline-offset-0 disabled:bg-cream-100 ${discount.error ? "border-danger-700" : "border-stone-300"}`}
              placeholder="Have a code? Enter it here"
            />
            <Button variant="secondary" onClick={discount.apply} pending={discount.checking} disabled={disabled}>
              Apply
            </Button>
          </div>
          {discount.error ? (
            <p id={`${id}-error`} className="text-sm font-medium text-danger-700" role="alert">
              {discount.error}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
