import type { ZodError } from "zod";

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The first message for each field, keyed by the field's top-level name. */
export function fieldErrorsFrom<K extends string>(error: ZodError): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key !== "string") continue;
    const field = key as K;
    if (out[field] === undefined) out[field] = issue.message;
  }
  return out;
}

/**
 * Brings a field to the middle of the screen and focuses it: on a phone the field and its message may
 * be far above the button that was pressed, and the sticky header would hide a field scrolled only
 * to the top edge.
 */
export function revealAndFocus(field: HTMLElement | null | undefined): void {
  if (!field) return;
  field.scrollIntoView?.({ block: "center" });
  field.focus({ preventScroll: true });
}

/**
 * Moves focus to the first invalid field once React has painted the error state. An error set outside
 * a browser event (a server's refusal arriving) is rendered by React in a task of its own, which the
 * next animation frame may come before: the field is looked for again on the following frames until
 * it is marked invalid (at most `frames` of them).
 */
export function focusFirstInvalid(form: HTMLFormElement | null, frames = 10): void {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else if (frames > 1 && form?.isConnected) focusFirstInvalid(form, frames - 1);
  });
}
