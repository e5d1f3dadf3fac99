import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { cn } from "../../lib/cn";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  /** The validation message shown under the field. */
  error?: string;
  /** Help text shown under the field when there is no error. */
  hint?: ReactNode;
  optional?: boolean;
  id?: string;
}

/** A labelled input with its error and hint tied to it for assistive technology. */
export function TextField({ label, error, hint, optional, id, className, ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint && !error ? hintId : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={inputId} className="text-sm font-semibold text-stone-800">
          {label}
        </label>
        {/* Outside the label so the field's accessible name stays exactly the label text. */}
        {optional ? <span className="text-xs text-stone-600">Optional</span> : null}
      </div>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          "min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 shadow-xs placeholder:text-stone-500",
          "read-only:bg-cream-100 read-only:text-stone-700 disabled:bg-cream-100",
          "focus-visible:border-field-600 focus-visible:outline-2 focus-visible:outline-offset-0",
          error ? "border-danger-700" : "border-stone-300",
        )}
        {...rest}
      />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
