import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";
import { labelClasses } from "./field-styles";

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label above, then the hint (kept visible, it often states a rule) and the message: the frame the admin select and textarea share with ui/TextField. */
export function FieldFrame({ id, label, error, hint, optional, className, children }: FieldFrameProps) {
  return (
    <div className={cn("flex min-w-0 flex-col gap-1.5", className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className={labelClasses}>
          {label}
        </label>
        {optional ? <span className="text-xs text-stone-600">Optional</span> : null}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
}
