import { postalEntryInput, type PostalEntryInput } from "../../../../shared/schemas/draws";
import { fieldErrorsFrom, type FieldErrors } from "../../../lib/form-errors";

export interface PostalFormValues {
  customerName: string;
  customerEmail: string;
  address: string;
  receivedOn: string;
  postalReference: string;
  answer: string;
  dateOfBirth: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Today as a date input's value, in the browser's time zone. */
export function todayInput(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const emptyPostalForm = (): PostalFormValues => ({
  customerName: "",
  customerEmail: "",
  address: "",
  receivedOn: todayInput(),
  postalReference: "",
  answer: "",
  dateOfBirth: "",
});

/** The start of the day the card arrived, in the browser's time zone: never in the future. */
export function receivedAtFrom(date: string): string {
  const d = new Date(`${date}T00:00:00`);
  return Number.isNaN(d.getTime()) ? date : d.toISOString();
}

/** What is sent: the form's text, with the day received as the instant it began. */
export function postalEntryFrom(v: PostalFormValues, hasQuestion: boolean): PostalEntryInput {
  return {
    customerName: v.customerName,
    customerEmail: v.customerEmail,
    address: v.address,
    receivedAt: receivedAtFrom(v.receivedOn),
    postalReference: v.postalReference,
    answer: hasQuestion ? v.answer : null,
    dateOfBirth: v.dateOfBirth || null,
  };
}

/**
 * The rules of POST /admin/competitions/{id}/postal-entries (the shared postalEntryInput), checked
 * before sending so each message sits under its field, plus what only this form knows: the
 * competition asks a question, so the answer written on the card is needed, and the day received
 * cannot be after today here. The server alone decides age, caps, the closing date and the answer.
 */
export function postalEntryErrors(v: PostalFormValues, hasQuestion: boolean): FieldErrors<keyof PostalFormValues> {
  const parsed = postalEntryInput.safeParse(postalEntryFrom(v, hasQuestion));
  const { receivedAt, ...errors } = parsed.success ? {} : fieldErrorsFrom<keyof PostalEntryInput>(parsed.error);
  const found: FieldErrors<keyof PostalFormValues> = { ...errors, receivedOn: receivedAt };
  if (hasQuestion && !v.answer.trim()) found.answer ??= "Enter the answer written on the entry";
  if (v.receivedOn > todayInput()) found.receivedOn ??= "The date received cannot be in the future";
  return found;
}
