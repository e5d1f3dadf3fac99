import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import { describedBy, FieldFrame } from "./field-frame";
import { inputClasses } from "./field-styles";

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: string;
  options: readonly SelectOption[];
  /** A first, empty choice such as "Select a competition". */
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
}

/** A native select: keyboard, screen reader and phone pickers all work without extra code. */
export function SelectField({ label, options, placeholder, error, hint, optional, className, ...rest }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} className={inputClasses(error)} {...rest}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
