import { useId, type ReactNode, type TextareaHTMLAttributes } from "react";
import { describedBy, FieldFrame } from "./field-frame";
import { inputClasses } from "./field-styles";

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  label: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
}

export function TextAreaField({ label, error, hint, optional, className, rows = 4, ...rest }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={inputClasses(error, "resize-y")}
        {...rest}
      />
    </FieldFrame>
  );
}
