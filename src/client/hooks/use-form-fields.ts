import { useCallback, useEffect, useState, type ChangeEvent, type Dispatch, type RefObject, type SetStateAction } from "react";
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

/**
 * What a visitor typed into a server-drawn form before the page's code took it over. Hydrating, React
 * leaves the text on screen but its state keeps the form's first values, so the next render would wipe
 * the text. Once hydrated, every named field whose text differs from the value it was drawn with is
 * taken into the state. A form drawn in the browser has nothing of the kind, and nothing changes.
 */
export function useTypedBeforeHydration<T extends Record<string, string>>(form: RefObject<HTMLFormElement | null>, setValues: Dispatch<SetStateAction<T>>) {
  useEffect(() => {
    const typed: Record<string, string> = {};
    for (const el of form.current?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input[name], textarea[name]") ?? []) {
      if (el.value !== el.defaultValue) typed[el.name] = el.value;
    }
    if (Object.keys(typed).length === 0) return;
    setValues((prev) => {
      const next: Record<string, string> = { ...prev };
      for (const [name, value] of Object.entries(typed)) if (name in prev) next[name] = value;
      return next as T;
    });
  }, [form, setValues]);
}
