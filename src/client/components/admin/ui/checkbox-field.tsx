import { useId, type ReactNode } from "react";
import { cn } from "../../../lib/cn";

interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/** A native checkbox with its label beside it; the whole row is the hit area. */
export function CheckboxField({ label, checked, onChange, hint, disabled, className }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={cn("flex items-start gap-3", className)}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-5 shrink-0 rounded border-stone-400 accent-field-700"
      />
      <div className="flex flex-col">
        <label htmlFor={id} className="text-sm font-semibold text-stone-800">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-stone-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
