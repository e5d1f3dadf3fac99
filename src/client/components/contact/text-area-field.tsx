import { useId, type TextareaHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  label: string;
  error?: string;
}

/** A labelled multi-line field, styled and wired like ui/TextField. */
export function TextAreaField({ label, error, className, ...rest }: TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(
          "min-h-36 w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 shadow-xs placeholder:text-stone-500",
          "focus-visible:border-field-600 focus-visible:outline-2 focus-visible:outline-offset-0",
          error ? "border-danger-700" : "border-stone-300",
        )}
        {...rest}
      />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
