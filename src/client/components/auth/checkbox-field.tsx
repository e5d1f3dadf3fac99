import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { cn } from "../../lib/cn";

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id"> {
  label: ReactNode;
  hint?: ReactNode;
}

/** A checkbox with its label beside it; the whole row is the tap target (at least 44 px tall). */
export function CheckboxField({ label, hint, className, ...rest }: CheckboxFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-start gap-3 py-1 text-stone-800">
        <input id={id} type="checkbox" aria-describedby={hint ? hintId : undefined} className="mt-0.5 size-5 shrink-0 accent-field-700" {...rest} />
        <span>{label}</span>
      </label>
      {hint ? (
        <p id={hintId} className="pl-8 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
