import { useCallback, useState, type ChangeEvent } from "react";
import type { FieldErrors } from "../lib/form-errors";

/**
 * Controlled form state with per-field errors. `field(name)` returns the props a TextField needs;
 * editing a field clears its error.
 */
export function useFormFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors<Extract<keyof T, string>>>({});

  const field = useCallback(
    (name: Extract<keyof T, string>) => ({
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const next = event.target.value;
        setValues((prev) => ({ ...prev, [name]: next }));
        setErrors((prev) => (prev[name] === undefined ? prev : { ...prev, [name]: undefined }));
      },
    }),
    [values, errors],
  );

  return { values, setValues, errors, setErrors, field };
}
