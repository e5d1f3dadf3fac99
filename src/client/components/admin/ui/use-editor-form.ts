import { useCallback, useState, type ChangeEvent } from "react";
import type { ZodError } from "zod";
import { fieldErrorsFrom, type FieldErrors } from "../../../lib/form-errors";

type Editable = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type KeysOf<T, V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T] & string;

/**
 * Form state for the admin editors: text fields, selects and checkboxes bound by name, with one
 * message per field. Editing a field clears its message.
 */
export function useEditorForm<T extends object>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors<string>>({});

  const set = useCallback(<K extends keyof T & string>(name: K, value: T[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setErrors((prev) => (prev[name] === undefined ? prev : { ...prev, [name]: undefined }));
  }, []);

  /** Props for a TextField, TextAreaField or SelectField. */
  const text = (name: KeysOf<T, string>) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: (event: ChangeEvent<Editable>) => set(name, event.target.value as T[typeof name]),
  });

  /** Props for a CheckboxField. */
  const check = (name: KeysOf<T, boolean>) => ({
    checked: values[name] as boolean,
    onChange: (checked: boolean) => set(name, checked as T[typeof name]),
  });

  const reset = useCallback((next: T) => {
    setValues(next);
    setErrors({});
  }, []);

  const showZodErrors = (error: ZodError) => {
    const found = fieldErrorsFrom<string>(error);
    setErrors(found);
    return found;
  };

  return { values, errors, set, text, check, reset, setErrors, showZodErrors };
}
