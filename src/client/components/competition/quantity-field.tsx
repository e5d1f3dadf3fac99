import { useId } from "react";
import { MinusIcon, PlusIcon } from "../ui/icons";

interface QuantityFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  error?: string;
  hint?: string;
}

const stepButton =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-stone-300 bg-white text-field-800 shadow-xs hover:bg-field-50 disabled:cursor-not-allowed disabled:opacity-50";

/** A whole-number input with minus and plus buttons, clamped to min..max by the buttons. */
export function QuantityField({ label, value, onChange, min, max, error, hint }: QuantityFieldProps) {
  const id = useId();
  const current = Number.parseInt(value, 10);
  const known = Number.isFinite(current) ? current : min;
  const step = (delta: number) => onChange(String(Math.min(max, Math.max(min, known + delta))));
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <button type="button" className={stepButton} onClick={() => step(-1)} disabled={known <= min} aria-label="Fewer entries">
          <MinusIcon className="size-4" />
        </button>
        <input
          id={id}
          name="tickets"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`min-h-11 w-20 rounded-lg border bg-white px-2 text-center text-lg font-semibold tabular-nums shadow-xs focus-visible:border-field-600 focus-visible:outline-2 focus-visible:outline-offset-0 ${error ? "border-danger-700" : "border-stone-300"}`}
        />
        <button type="button" className={stepButton} onClick={() => step(1)} disabled={known >= max} aria-label="More entries">
          <PlusIcon className="size-4" />
        </button>
      </div>
      {/* Live, so a limit message that appears as the number is typed is heard as well as seen. */}
      <div aria-live="polite">
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-danger-700">
            {error}
          </p>
        ) : hint ? (
          <p id={`${id}-hint`} className="text-sm text-stone-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
